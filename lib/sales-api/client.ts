import "server-only";

// The Sales API client for one credential: a plain fetcher of days (fetch-days.ts), catalogs and
// the key's type. It keeps no day: the mirror (lib/mirror) asks it for the days it lacks and
// stores them. Every client of the same credential shares its rate budget, token and
// concurrency slots, wherever it was created.
import pLimit from "p-limit";
import { getServerEnv } from "@/lib/env";
import { getProcessState } from "@/lib/store/process-state";
import { getClientState } from "./client-state";
import { fetchCatalog, type CatalogAnswer, type CatalogName, type CatalogStore } from "./catalog";
import { credentialIdentity, tokenIdentity, type SalesApiCredential } from "./credentials";
import { isoDay, shiftDay, type IsoDay } from "@/lib/calendar";
import { fetchDays, type DaysOptions, type DaysOutcome, type WorkLock } from "./fetch-days";
import { CredentialRateLimiter, DEFAULT_RATE_LIMITS, type RateLimits, type RateLimitStore } from "./rate-limit";
import type { ResourceName } from "./resources";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy";
import { getWithCredential, newTally, type RequestContext } from "./send";
import { getTransport, type Transport, type UpstreamTarget } from "./transport";
import { Deadline } from "./deadline";

export interface SalesApiClientOptions {
  credential: SalesApiCredential;
  /** Defaults to the configured production (or staging) upstream. */
  transport?: Transport;
  target?: UpstreamTarget;
  limits?: Partial<RateLimits>;
  retry?: Partial<RetryPolicy>;
  /** Requests of this credential in flight at once. */
  concurrency?: number;
  /** Spans fetched side by side within one range. */
  maxSegments?: number;
  /** Total time one range fetch may spend on the upstream (rate-budget waits aside); SALES_API_REPORT_DEADLINE_MS unless given. */
  deadlineMs?: number;
  /**
   * "background" (the mirror's sync) spends at most SALESDASH_SYNC_PER_MINUTE of the budget, in
   * its own concurrency slots, and its fetches wait while a report of the same credential runs.
   */
  priority?: "interactive" | "background";
  /** For tests: the time a fetch stamps its days with (fetchedAt) and runs its deadline on; Date.now unless given. */
  clock?: () => number;
  /** Stores shared across clients; the process-wide ones (lib/store/process-state) unless given. */
  stores?: {
    rateLimit?: RateLimitStore;
    catalogs?: CatalogStore;
    /** Identical requests in flight in this instance (the process's map unless given: tests play two instances). */
    inFlight?: Map<string, Promise<unknown>>;
    /** Identical windows until their days are handed over (the process's lock: Redis when configured) unless given. */
    windowLock?: WorkLock;
  };
}

export type KeyType = "creator" | "affiliate";

export interface SalesApiClient {
  /** A keyed hash of the API key and base URL (the same for Flow A and Flow B): safe to log and to use as a key. */
  readonly identity: string;
  /** The days of the range the caller does not hold (`options.held`), each handed to `options.onDay` when fetched. */
  fetchDays<R extends ResourceName>(resource: R, range: { from: IsoDay; to: IsoDay }, options: DaysOptions): Promise<DaysOutcome>;
  /**
   * `work` counted as a report of this credential while it runs (an interactive client; a
   * background one runs it as it is): the caller's whole read of a range, its store reads with its
   * fetches (fetchDays is not marked again inside it), so "Forget my data" waits for it and the
   * background sync yields to it. Optional: a test's fake runs the work unmarked.
   */
  asReport?<T>(work: () => Promise<T>): Promise<T>;
  /** An optional catalog: `available: false` when the upstream has none (404) or the key may not read it. */
  fetchCatalog(name: CatalogName): Promise<CatalogAnswer>;
  /**
   * One request to a documented creator-only endpoint (orders, one day, limit 1): 200 for a
   * creator key, 403 for an affiliate key. The catalogs are not used: the contract gives no path for them.
   */
  probeKeyType(): Promise<KeyType>;
  /** A deadline for all the fetches of one report, to pass to each as `deadline`. */
  reportDeadline(): Deadline;
}

/** The account a credential reads, by the name every instance with one AUTH_SECRET gives it (a client's `identity`). */
export function accountIdentity(credential: SalesApiCredential, baseUrl: string): string {
  return credentialIdentity(credential, baseUrl, getServerEnv().AUTH_SECRET ?? getClientState().identityKey);
}

export function createSalesApiClient(options: SalesApiClientOptions): SalesApiClient {
  const stores = getProcessState();
  const state = getClientState();
  const env = getServerEnv();
  const transport = options.transport ?? getTransport(options.target);
  const identityKey = env.AUTH_SECRET ?? state.identityKey;
  const identity = accountIdentity(options.credential, transport.baseUrl);
  const background = options.priority === "background";
  const concurrency = options.concurrency ?? (background ? 2 : 4);
  const slotKey = `${identity}|${background ? "background|" : ""}${concurrency}`;
  const slots = state.slots.get(slotKey) ?? state.slots.set(slotKey, pLimit(concurrency)).get(slotKey)!;
  const ctx: RequestContext = {
    transport,
    credential: options.credential,
    identity,
    tokenIdentity: tokenIdentity(options.credential, transport.baseUrl, identityKey),
    // One request log per credential: a background client counts the same requests, and stops at a lower ceiling.
    limiter: new CredentialRateLimiter(options.stores?.rateLimit ?? stores.rateLimit, { ...DEFAULT_RATE_LIMITS, ...(background ? { perMinute: env.SALESDASH_SYNC_PER_MINUTE } : {}), ...options.limits }),
    tokens: state.tokens,
    slots,
    retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    inFlight: options.stores?.inFlight ?? state.inFlight,
  };
  const deps = {
    ctx,
    windowLock: options.stores?.windowLock ?? stores.windowLock,
    maxSegments: options.maxSegments ?? 3,
    deadlineMs: options.deadlineMs ?? env.SALES_API_REPORT_DEADLINE_MS,
    clock: options.clock,
  };
  const catalogs = { ctx, store: options.stores?.catalogs ?? state.catalogs };

  return {
    identity,
    fetchDays: background
      ? (resource, range, daysOptions) => fetchDays(deps, resource, range, { ...daysOptions, beforeWindow: daysOptions.beforeWindow ?? (() => state.reports.idle(identity, daysOptions.signal)) })
      : (resource, range, daysOptions) => fetchDays(deps, resource, range, daysOptions),
    asReport: background ? (work) => work() : (work) => state.reports.during(identity, work),
    reportDeadline: () => new Deadline(deps.deadlineMs),
    fetchCatalog: (name) => fetchCatalog(catalogs, name),
    async probeKeyType() {
      // Yesterday (UTC): a whole past day, so the answer is small and the same for every caller.
      const today = isoDay(new Date());
      const from = shiftDay(today, -1);
      try {
        await getWithCredential(ctx, newTally(), "/api/v1/orders", { from, to: today, limit: 1 });
        return "creator";
      } catch (error) {
        if (error instanceof Error && "status" in error && error.status === 403) return "affiliate";
        throw error;
      }
    },
  };
}
