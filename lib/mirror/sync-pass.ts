import "server-only";

// One pass of an account's background sync: the last `days` days of every resource it
// fills, newest first, in 90-day chunks, each resource in turn so that the newest days are
// complete everywhere first. It reads through the mirror as reports do (range-reader.ts): only
// days the mirror does not hold fresh go upstream, through a background client (lib/sales-api:
// its windows, limiter and validation; at most SALESDASH_SYNC_PER_MINUTE requests a minute, and
// waiting while a report fetches). A pass
// interrupted (a restart, a lost lock) leaves every finished day in the mirror: the next
// one starts where it stopped. Within a chunk, refunds and chargebacks come first: a new one
// marks its sale's day stale (touched-sales.ts), and the same pass then fetches that day again.
import { errorKind, type ResourceName } from "@/lib/sales-api";
import type { MirroredClient } from "./range-reader";
import { isoDay, shiftDay } from "@/lib/calendar";
import { EVENT_RESOURCES } from "./touched-sales";

export const CHUNK_DAYS = 90;

export interface SyncPassDeps {
  client: MirroredClient;
  resources: readonly ResourceName[];
  days: number;
  clock?: () => number;
  signal?: AbortSignal;
  /** Called before each chunk: throws to stop the pass (the lock was lost, the user signed out). */
  checkpoint?: () => Promise<void>;
  /** A resource the upstream does not have (404) or the key may not read (403). */
  onUnavailable?: (resource: ResourceName) => void;
  onChunk?: (chunk: { resource: ResourceName; from: string; to: string; requests: number }) => void;
}

export interface SyncPassResult {
  requests: number;
  unavailable: ResourceName[];
  /** Days left unfetched (a deadline passed): the next pass takes them. */
  unfetchedDays: number;
}

export async function runSyncPass(deps: SyncPassDeps): Promise<SyncPassResult> {
  const today = isoDay(new Date((deps.clock ?? Date.now)()));
  const oldest = shiftDay(today, -(deps.days - 1));
  const result: SyncPassResult = { requests: 0, unavailable: [], unfetchedDays: 0 };
  const resources = [...deps.resources.filter((r) => EVENT_RESOURCES.includes(r)), ...deps.resources.filter((r) => !EVENT_RESOURCES.includes(r))];
  for (let to = today; to >= oldest; to = shiftDay(to, -CHUNK_DAYS)) {
    const from = shiftDay(to, -(CHUNK_DAYS - 1)) < oldest ? oldest : shiftDay(to, -(CHUNK_DAYS - 1));
    for (const resource of resources) {
      if (result.unavailable.includes(resource)) continue;
      deps.signal?.throwIfAborted();
      await deps.checkpoint?.();
      try {
        const { report } = await deps.client.fetchRange(resource, { from, to }, { storeOnly: true, signal: deps.signal });
        result.requests += report.requests;
        result.unfetchedDays += report.unfetchedDays.length;
        deps.onChunk?.({ resource, from, to, requests: report.requests });
      } catch (error) {
        const kind = errorKind(error);
        if (kind !== "not_found" && kind !== "forbidden") throw error;
        result.unavailable.push(resource);
        deps.onUnavailable?.(resource);
      }
    }
  }
  return result;
}
