import "server-only";

// The process-wide state of the upstream client: rate budget, tokens, day and catalog
// caches, concurrency slots, requests in flight, the mirror and its syncs. A production build of Next.js loads a
// module once per route bundle, so a module-level singleton would exist once per route and
// split the 60 requests/minute budget between them; here one object lives on globalThis,
// reached only through getProcessState(). The stores are interfaces so that a later
// back-end (Redis, PostgreSQL) can replace the in-memory ones.
import { randomBytes } from "node:crypto";
import type { LimitFunction } from "p-limit";
import type { Pool } from "pg";
import { AccessTokenCache } from "@/lib/sales-api/access-tokens";
import { MemoryCatalogStore, type CatalogStore } from "@/lib/sales-api/catalog";
import { MemoryDayCacheStore, type DayCacheStore } from "@/lib/sales-api/day-cache";
import type { Redis } from "ioredis";
import { getServerEnv } from "@/lib/env";
import type { WorkLock } from "@/lib/sales-api/fetch-range";
import { MemoryRateLimitStore, type RateLimitStore } from "@/lib/sales-api/rate-limit";
import { ReportActivity } from "@/lib/sales-api/report-activity";
import type { LeaseStore } from "./lease-store";
import type { MirrorStore } from "./mirror-store";
import type { PurchaseFactStore } from "./purchase-fact-store";
import type { OrderFactStore } from "./order-fact-store";
import type { CartFactStore } from "./cart-fact-store";
import type { EventFactStore } from "./event-fact-store";
import type { AccountSettingsStore } from "./account-settings-store";
import type { SavedViewStore } from "./saved-view-store";
import type { ShareLinkStore } from "./share-link-store";
import { createRedisConnection } from "./redis/connection";
import { isRedisUnavailable } from "./redis/errors";
import { RedisLeaseStore } from "./redis/redis-lease-store";
import { RedisRateLimitStore } from "./redis/redis-rate-limit-store";
import { RedisTokenStore } from "./redis/redis-token-store";
import { RedisWorkLock } from "./redis/redis-work-lock";
import { MemoryWorkLock } from "./memory-work-lock";
import { guardStore } from "./storage-unavailable";
import { TableIndexCache } from "./table-index-cache";
import type { PayoutBacktests } from "@/lib/reports/server/payouts-kept";

export interface ProcessState {
  rateLimit: RateLimitStore;
  /** Days in memory: the day store of clients without a mirror, and the mirror's days opened recently. */
  dayCache: DayCacheStore;
  catalogs: CatalogStore;
  tokens: AccessTokenCache;
  /** Bounded concurrency per credential identity (and concurrency level). */
  slots: Map<string, LimitFunction>;
  /** Upstream requests in flight, joined by identical callers. */
  inFlight: Map<string, Promise<unknown>>;
  /** Keys credential identities when no AUTH_SECRET is set: stable for this process only. */
  identityKey: Buffer;
  /** Credentials with a report fetching now: their background sync waits. */
  reports: ReportActivity;
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
  /** Redis (SALESDASH_REDIS_URL): the rate budget, windows in flight and leases of every instance. */
  redis?: Redis;
  /** Joins identical upstream windows until their days are stored: across instances with Redis, else in this process. */
  windowLock?: WorkLock;
  /** The sync's one-per-account lease across instances (Redis, when configured; else the mirror store's). */
  leases?: LeaseStore;
  /** Background syncs running in this process, by account identity. */
  syncs: Map<string, { stop(): void; done: Promise<void> }>;
  /** The report tables' sorted indexes (bounded): a table's next page is a slice, not a sort of its range. */
  tables: TableIndexCache;
  /** The features' stores (lib/store/app-stores.ts), each opened on first use. */
  settings?: AccountSettingsStore;
  shareLinks?: ShareLinkStore;
  savedViews?: SavedViewStore;
  /** The payout back-test's month starts (bounded) and the worker thread that makes them (lib/reports/server/payouts-kept.ts). */
  payoutBacktests?: PayoutBacktests;
}

const KEY = Symbol.for("salesdash.process-state");

type Holder = typeof globalThis & { [KEY]?: ProcessState };

/** The Redis-backed stores when SALESDASH_REDIS_URL is set, each guarded: an outage is "storage unavailable". */
function sharedStores(): Pick<ProcessState, "redis" | "rateLimit" | "windowLock" | "leases" | "tokens"> {
  const { SALESDASH_REDIS_URL: url, AUTH_SECRET: secret } = getServerEnv();
  if (!url) return { rateLimit: new MemoryRateLimitStore(), windowLock: new MemoryWorkLock(), tokens: new AccessTokenCache() };
  const redis = createRedisConnection(url);
  const onRedis = <T extends object>(store: T): T => guardStore(store, "redis", isRedisUnavailable);
  const locks = onRedis(new RedisWorkLock(redis));
  // Tokens are sealed with a key from AUTH_SECRET; without it nobody can sign in, and they stay in memory.
  const tokens = secret ? new AccessTokenCache({ store: onRedis(new RedisTokenStore(redis, secret)), exchangeLock: locks }) : new AccessTokenCache();
  return { redis, rateLimit: onRedis(new RedisRateLimitStore(redis)), windowLock: locks, leases: onRedis(new RedisLeaseStore(redis)), tokens };
}

function createProcessState(): ProcessState {
  return {
    ...sharedStores(),
    dayCache: new MemoryDayCacheStore(),
    catalogs: new MemoryCatalogStore(),
    slots: new Map(),
    inFlight: new Map(),
    identityKey: randomBytes(32),
    reports: new ReportActivity(),
    syncs: new Map(),
    tables: new TableIndexCache(),
  };
}

/** The one state object of this process, whichever bundle's copy of this module asks. */
export function getProcessState(): ProcessState {
  const holder = globalThis as Holder;
  holder[KEY] ??= createProcessState();
  return holder[KEY];
}
