import "server-only";

// A report table's records for one account and report parameters, kept with their sorted
// indexes (lib/store/table-index-cache.ts) while the data they came from is unchanged. The
// data's version is each range's days with their fetchedAt, as the fetch reported them; before
// an entry is used again the day store is asked for the same stamps (one read of metadata, no
// record opened, no upstream request). A day refetched (today's refresh, a mirror day fetched
// again, "refresh now") or no longer fresh changes or voids the stamps, and the range is loaded
// again: a stale order is never served with new data.
import { createHash } from "node:crypto";
import { getAccountSettings } from "@/lib/auth/account-settings";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { ResourceName } from "@/lib/sales-api";
import { isoDay } from "@/lib/calendar";
import { getProcessState } from "@/lib/store/process-state";
import type { StampedRange, TableEntry, TableIndexCache } from "@/lib/store/table-index-cache";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export interface TableLoad<D> {
  data: D;
  rows: number;
  /** Every fetch the data came from. */
  reports: readonly RangeReport[];
  /** False for a load that must not be reused (an endpoint that answered 404 has no stamps to check). */
  cacheable?: boolean;
}

export interface TableSnapshot<D> { key: string; entry: TableEntry<D>; cache: TableIndexCache }

function versionOf(parts: ReadonlyArray<{ resource: string; from: string; to: string; stamps: ReadonlyArray<readonly [string, number]> }>): string {
  const hash = createHash("sha256");
  for (const part of parts) {
    hash.update(`${part.resource}|${part.from}|${part.to}|`);
    for (const [day, at] of part.stamps) hash.update(`${day}=${at};`);
  }
  return hash.digest("base64url");
}

/** The version of the entry's ranges as the day store holds them now; null when a day would be fetched again. */
async function versionNow(client: MirroredClient, ranges: readonly StampedRange[]): Promise<string | null> {
  if (!client.rangeStamps) return null;
  const parts = [];
  for (const range of ranges) {
    const stamps = await client.rangeStamps(range.resource as ResourceName, { from: range.from, to: range.to });
    if (!stamps) return null;
    parts.push({ ...range, stamps });
  }
  return versionOf(parts);
}

/** What the rows depend on besides the records: every parameter but the chart's (granularity) and the comparison's. */
function paramsKey(params: ReportParams): string {
  const { from, to, tz, dating, currency, filters } = params;
  return JSON.stringify([from, to, tz, dating, currency, filters]);
}

/**
 * The table's records, from the cache while their days are unchanged, else loaded (and kept).
 * The key holds the account, the table, its parameters, the account's assumed currency (records
 * without one are shown in it) and today's date (a range that looks ahead stops at today).
 */
export async function getTableSnapshot<D>(client: MirroredClient, table: string, params: ReportParams, load: () => Promise<TableLoad<D>>): Promise<TableSnapshot<D>> {
  const cache = getProcessState().tables;
  const { assumedCurrency } = await getAccountSettings(client.identity);
  const key = [client.identity, table, paramsKey(params), assumedCurrency ?? "", isoDay(new Date())].join("|");
  const cached = cache.get<D>(key);
  if (cached && (await versionNow(client, cached.ranges)) === cached.version) return { key, entry: cached, cache };
  const loaded = await load();
  const entry: TableEntry<D> = {
    version: versionOf(loaded.reports.map((r) => ({ resource: r.resource, from: r.from, to: r.to, stamps: r.fetchedAt }))),
    ranges: loaded.reports.map((r) => ({ resource: r.resource, from: r.from, to: r.to })),
    data: loaded.data,
    rows: loaded.rows,
    orders: new Map(),
  };
  if (loaded.cacheable !== false) cache.set(key, entry);
  return { key, entry, cache };
}
