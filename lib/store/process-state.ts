import "server-only";

// The process-wide state: every store the process opens (the rate budget, the window locks,
// tokens, in Redis when configured; PostgreSQL; the mirror and its fact tables; the
// features' stores) and what the features keep for the process's life (processShared). A
// production build of Next.js loads a module once per route bundle, so a module-level singleton
// would exist once per route and split the 60 requests/minute budget between them; here one
// object lives on globalThis, reached only through getProcessState(). The stores are
// interfaces, each with an in-memory or embedded back-end and a shared one (Redis, PostgreSQL).
// Nothing here knows a feature: the features build their own objects on these stores.
import type { Pool } from "pg";
import type { Redis } from "ioredis";
import { getServerEnv } from "@/lib/env";
import { MemoryRateLimitStore, type RateLimitStore } from "./rate-limit-store";
import type { TokenStore } from "./token-store";
import type { VaultStore } from "./vault-store";
import type { WorkLock } from "./work-lock";
import type { MirrorStore } from "./mirror-store";
import type { PurchaseFactStore } from "./purchase-fact-store";
import type { OrderFactStore } from "./order-fact-store";
import type { CartFactStore } from "./cart-fact-store";
import type { EventFactStore } from "./event-fact-store";
import type { AccountSettingsStore } from "./account-settings-store";
import type { DigestStore } from "./digest-store";
import type { AlertStore } from "./alert-store";
import type { SavedViewStore } from "./saved-view-store";
import type { ShareLinkStore } from "./share-link-store";
import { createRedisConnection } from "./redis/connection";
import { isRedisUnavailable } from "./redis/errors";
import { RedisRateLimitStore } from "./redis/redis-rate-limit-store";
import { RedisTokenStore } from "./redis/redis-token-store";
import { RedisWorkLock } from "./redis/redis-work-lock";
import { MemoryWorkLock } from "./memory-work-lock";
import { guardStore } from "./storage-unavailable";
import { TableIndexCache } from "./table-index-cache";

export interface ProcessState {
  /** Every credential's request log (the upstream's 60 a minute): in Redis when configured. */
  rateLimit: RateLimitStore;
  /** Flow B access tokens, sealed, in Redis when configured (else the client keeps them in memory). */
  tokenStore?: TokenStore;
  /** The credential vault's sealed entries (lib/auth/credential-vault.ts), opened on first use. */
  vault?: VaultStore;
  /** The accounts' mirror (lib/mirror), opened on first use. */
  mirror?: MirrorStore;
  /** The purchases fact table beside the mirror (lib/store/purchase-fact-store.ts), opened on first use. */
  purchaseFacts?: PurchaseFactStore;
  /** The orders fact table beside the mirror (lib/store/order-fact-store.ts), opened on first use. */
  orderFacts?: OrderFactStore;
  /** The abandoned-carts fact table beside the mirror (lib/store/cart-fact-store.ts), opened on first use. */
  cartFacts?: CartFactStore;
  /** The refunds and chargebacks fact tables beside the mirror (lib/store/event-fact-store.ts), opened on first use. */
  eventFacts?: EventFactStore;
  /** PostgreSQL (SALESDASH_DATABASE_URL), opened on first use (shared-backends.ts). */
  database?: Pool;
  /** Redis (SALESDASH_REDIS_URL): the rate budget, and windows in flight of every instance. */
  redis?: Redis;
  /** Joins identical upstream windows until their days are stored: across instances with Redis, else in this process. */
  windowLock?: WorkLock;
  /** The background syncs this process holds a session of, by account identity (lib/mirror/account-sync.ts). */
  syncs: Map<string, { stop(): void; readonly done: Promise<void>; ask(): void; run(): Promise<void> }>;
  /** The report tables' sorted indexes (bounded): a table's next page is a slice, not a sort of its range. */
  tables: TableIndexCache;
  /** The features' stores (lib/store/app-stores.ts), each opened on first use. */
  settings?: AccountSettingsStore;
  shareLinks?: ShareLinkStore;
  savedViews?: SavedViewStore;
  digests?: DigestStore;
  alerts?: AlertStore;
  /** What each feature keeps for the process's life, by name (processShared). */
  shared: Map<string, unknown>;
}

const KEY = Symbol.for("salesdash.process-state");

type Holder = typeof globalThis & { [KEY]?: ProcessState };

/** The Redis-backed stores when SALESDASH_REDIS_URL is set, each guarded: an outage is "storage unavailable". */
function sharedStores(): Pick<ProcessState, "redis" | "rateLimit" | "windowLock" | "tokenStore"> {
  const { SALESDASH_REDIS_URL: url, AUTH_SECRET: secret } = getServerEnv();
  if (!url) return { rateLimit: new MemoryRateLimitStore(), windowLock: new MemoryWorkLock() };
  const redis = createRedisConnection(url);
  const onRedis = <T extends object>(store: T): T => guardStore(store, "redis", isRedisUnavailable);
  // Tokens are sealed with a key from AUTH_SECRET; without it nobody can sign in, and they stay in memory.
  const tokenStore = secret ? onRedis(new RedisTokenStore(redis, secret)) : undefined;
  return { redis, rateLimit: onRedis(new RedisRateLimitStore(redis)), windowLock: onRedis(new RedisWorkLock(redis)), tokenStore };
}

function createProcessState(): ProcessState {
  return { ...sharedStores(), syncs: new Map(), tables: new TableIndexCache(), shared: new Map() };
}

/** The one state object of this process, whichever bundle's copy of this module asks. */
export function getProcessState(): ProcessState {
  const holder = globalThis as Holder;
  holder[KEY] ??= createProcessState();
  return holder[KEY];
}

/** What a feature keeps for the process's life under `name`, made by `make` on first use. */
export function processShared<T>(name: string, make: () => T): T {
  const shared = getProcessState().shared;
  if (!shared.has(name)) shared.set(name, make());
  return shared.get(name) as T;
}
