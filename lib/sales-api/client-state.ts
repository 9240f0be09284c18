import "server-only";

// What the upstream client keeps for the process's life, on the stores the process opened
// (lib/store/process-state.ts): the catalog cache, the access tokens (in the shared
// token store when there is one, exchanged once across instances under the window locks), the
// concurrency slots and requests in flight per credential, the key of credential identities
// without AUTH_SECRET, and which credentials have a report fetching now.
import { randomBytes } from "node:crypto";
import type { LimitFunction } from "p-limit";
import { getProcessState, processShared } from "@/lib/store/process-state";
import { AccessTokenCache } from "./access-tokens";
import { MemoryCatalogStore, type CatalogStore } from "./catalog";
import { ReportActivity } from "./report-activity";

export interface ClientState {
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
}

export function getClientState(): ClientState {
  return processShared("sales-api", () => {
    const { tokenStore, windowLock } = getProcessState();
    return {
      catalogs: new MemoryCatalogStore(),
      tokens: tokenStore ? new AccessTokenCache({ store: tokenStore, exchangeLock: windowLock }) : new AccessTokenCache(),
      slots: new Map(),
      inFlight: new Map(),
      identityKey: randomBytes(32),
      reports: new ReportActivity(),
    };
  });
}
