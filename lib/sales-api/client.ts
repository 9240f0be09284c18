import "server-only";

// The Sales API client for one credential. Every client of the same credential shares its
// rate budget, token, day cache and concurrency slots, wherever it was created.
import pLimit, { type LimitFunction } from "p-limit";
import { getServerEnv } from "@/lib/env";
import { AccessTokenCache } from "./access-tokens";
import { credentialIdentity, type SalesApiCredential } from "./credentials";
import { DEFAULT_CACHE_TTL, MemoryDayCacheStore, type CacheTtl, type DayCacheStore } from "./day-cache";
import { fetchRange, type RangeOptions, type RangeResult } from "./fetch-range";
import { MAX_LIMIT } from "./list-window";
import { CredentialRateLimiter, DEFAULT_RATE_LIMITS, MemoryRateLimitStore, type RateLimits, type RateLimitStore } from "./rate-limit";
import type { ResourceName } from "./resources";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy";
import { genericRecordSchema, listEnvelopeSchema, type GenericRecord } from "./schemas/list-envelope";
import { getWithCredential, newTally, type RequestContext } from "./send";
import { getTransport, type Transport, type UpstreamTarget } from "./transport";
import type { IsoDay } from "./dates";

export interface SalesApiClientOptions {
  credential: SalesApiCredential;
  /** Defaults to the configured production (or staging) upstream. */
  transport?: Transport;
  target?: UpstreamTarget;
  limits?: Partial<RateLimits>;
  retry?: Partial<RetryPolicy>;
  ttl?: Partial<CacheTtl>;
  /** Requests of this credential in flight at once. */
  concurrency?: number;
  /** Spans fetched side by side within one range. */
  maxSegments?: number;
  /** Stores shared across clients; in memory unless given. */
  stores?: { rateLimit?: RateLimitStore; dayCache?: DayCacheStore };
}

const shared = {
  rateLimit: new MemoryRateLimitStore() as RateLimitStore,
  dayCache: new MemoryDayCacheStore() as DayCacheStore,
  tokens: new AccessTokenCache(),
  slots: new Map<string, LimitFunction>(),
};

export type KeyType = "creator" | "affiliate";

export interface SalesApiClient {
  /** A keyed hash of credential and base URL: safe to log and to use as a key. */
  readonly identity: string;
  fetchRange<R extends ResourceName>(resource: R, range: { from: IsoDay; to: IsoDay }, options?: RangeOptions): Promise<RangeResult<R>>;
  fetchCatalog(name: "products" | "offers"): Promise<{ records: GenericRecord[]; truncated: boolean }>;
  /** One request: a creator-only endpoint answers 200 for a creator key and 403 for an affiliate key. */
  probeKeyType(): Promise<KeyType>;
}

export function createSalesApiClient(options: SalesApiClientOptions): SalesApiClient {
  const transport = options.transport ?? getTransport(options.target);
  const identity = credentialIdentity(options.credential, transport.baseUrl, getServerEnv().AUTH_SECRET);
  const concurrency = options.concurrency ?? 4;
  const slotKey = `${identity}|${concurrency}`;
  const slots = shared.slots.get(slotKey) ?? shared.slots.set(slotKey, pLimit(concurrency)).get(slotKey)!;
  const ctx: RequestContext = {
    transport,
    credential: options.credential,
    identity,
    limiter: new CredentialRateLimiter(options.stores?.rateLimit ?? shared.rateLimit, { ...DEFAULT_RATE_LIMITS, ...options.limits }),
    tokens: shared.tokens,
    slots,
    retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
  };
  const deps = { ctx, cache: options.stores?.dayCache ?? shared.dayCache, ttl: { ...DEFAULT_CACHE_TTL, ...options.ttl }, maxSegments: options.maxSegments ?? 3 };

  return {
    identity,
    fetchRange: (resource, range, rangeOptions) => fetchRange(deps, resource, range, rangeOptions),
    async fetchCatalog(name) {
      const response = await getWithCredential(ctx, newTally(), `/api/v1/${name}`, { limit: MAX_LIMIT });
      const envelope = listEnvelopeSchema.parse(response.body);
      return { records: envelope.data.map((r) => genericRecordSchema.parse(r)), truncated: envelope.meta.truncated };
    },
    async probeKeyType() {
      try {
        await getWithCredential(ctx, newTally(), "/api/v1/products", { limit: 1 });
        return "creator";
      } catch (error) {
        if (error instanceof Error && "status" in error && error.status === 403) return "affiliate";
        throw error;
      }
    },
  };
}
