// What every fact fixture shares: the UTC days held, the sandbox's records of a day (its own
// generator, no server), and a client that answers the held days as the mirror would (records,
// or a day's mark or digest when a report asks for it). Each fixture keeps its own odd shapes.
import { Deadline } from "@/lib/sales-api/deadline";
import { SalesApiHttpError } from "@/lib/sales-api/errors";
import { makeAccounts } from "../../sandbox/accounts";
import { Dataset, type ListResource } from "../../sandbox/data/dataset";
import { dayOf } from "../../sandbox/data/time";
import type { RangeReport, RangeOptions } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export const NOW = Date.parse("2026-06-15T12:00:00Z");
/** The UTC days held (both inclusive): spring's clock changes north and south are inside. */
export const FIRST_DAY = "2026-02-20";
export const LAST_DAY = "2026-06-14";
const DAY_MS = 86_400_000;

export function utcDays(from = FIRST_DAY, to = LAST_DAY): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += DAY_MS) days.push(new Date(ms).toISOString().slice(0, 10));
  return days;
}

/** Each held UTC day's records of one list of the sandbox's creator or affiliate account, newest first as the API sends them. */
export function sandboxDays(account: "creator" | "affiliate", resource: ListResource): Array<[string, unknown[]]> {
  const dataset = new Dataset("salesdash", 1);
  const scope = makeAccounts("salesdash")[account].scope;
  return utcDays().map((day) => [day, dataset.dayRecords(scope, resource, dayOf(Date.parse(`${day}T00:00:00Z`)), NOW) as unknown[]]);
}

/**
 * `make(key)` made on the first call for each key and the same value after: a fixture's held days
 * are made once for every test that reads them (the sandbox would generate them anew).
 */
export function oncePerKey<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key)!;
  };
}

/** The held days with each day's records as `recordsOf` makes them from the sandbox's, the days in order (odd shapes may carry from a day to the next). */
export function heldDayRecords<T>(days: Array<[string, unknown[]]>, recordsOf: (raw: unknown[], day: string) => T[]): Map<string, T[]> {
  return new Map(days.map(([day, raw]) => [day, recordsOf(raw, day)]));
}

/** A day's records with one the upstream sent twice (windows that overlap) on the days ending in 5: one row, counted once. */
export function sentTwiceOnSomeDays<T>(day: string, records: T[]): T[] {
  if (records.length > 2 && day.endsWith("5")) records.push(records[1]!);
  return records;
}

/** The records a schema accepts, as the client keeps them (the others it sets aside). */
export function parsedBy<T>(schema: { safeParse(r: unknown): { success: true; data: T } | { success: false } }, records: unknown[]): T[] {
  return records.flatMap((r) => {
    const result = schema.safeParse(r);
    return result.success ? [result.data] : [];
  });
}

/** A fetch's report of a window every day of which was answered from the cache. */
export function cachedReport(resource: string, window: { from: string; to: string }, fetchedAt: Array<[string, number]>, cacheHits = fetchedAt.length): RangeReport {
  return {
    resource, from: window.from, to: window.to, windows: [], requests: 0, retries: 0, tokenExchanges: 0, cacheHits,
    incompleteDays: [], invalidRecords: [], oddShapeRecords: 0, unfetchedDays: [], complete: true, fetchedAt,
  } as unknown as RangeReport;
}

/**
 * A window of held days answered as the mirror would, newest day first: each day's records, or
 * its mark or digest when a report asks for one. Given `idOf`, a record the upstream sent twice
 * is kept once.
 */
export function heldRange<T>(resource: string, days: ReadonlyMap<string, readonly T[]>, window: { from: string; to: string }, options?: RangeOptions, idOf?: (r: T) => string | number) {
  const wanted = utcDays(window.from, window.to);
  const records: T[] = [];
  const seen = new Set<string | number>();
  const digests = new Map<string, unknown>();
  for (const day of [...wanted].reverse()) {
    const held = days.get(day) ?? [];
    const digest = options?.digest;
    if (digest && !digest.recordDays?.has(day)) digests.set(day, digest.digester.of(held as never, { fetchedAt: NOW }));
    else
      for (const r of held) {
        if (idOf) {
          if (seen.has(idOf(r))) continue;
          seen.add(idOf(r));
        }
        records.push(r);
      }
  }
  return { records, digests, report: cachedReport(resource, window, wanted.map((d) => [d, NOW])) };
}

type FetchRange = (resource: string, window: { from: string; to: string }, options?: RangeOptions) => Promise<unknown>;

/** A client of the held days with the given fetch, no catalogue and a generous deadline. */
export function heldClient(identity: string, fetchRange: FetchRange): MirroredClient {
  return {
    identity,
    fetchRange,
    fetchCatalog: async () => ({ available: false, records: [], truncated: false }),
    reportDeadline: () => new Deadline(120_000),
  } as unknown as MirroredClient;
}

export type LossResource = "refunds" | "chargebacks";
export type LossEndpoints = Record<LossResource, "records" | "404">;

/** The purchases client, answering refunds and chargebacks by `losses` too, or a 404 for an endpoint said to lack. */
export function withLosses(purchases: MirroredClient, endpoints: LossEndpoints, losses: (resource: LossResource, window: { from: string; to: string }, options?: RangeOptions) => Promise<unknown>): MirroredClient {
  return {
    ...purchases,
    fetchRange: async (resource: string, window: { from: string; to: string }, options?: RangeOptions) => {
      if (resource !== "refunds" && resource !== "chargebacks") return (purchases.fetchRange as FetchRange)(resource, window, options);
      if (endpoints[resource] === "404") throw new SalesApiHttpError(404, "not_found", "no such endpoint", { correlationId: null });
      return losses(resource, window, options);
    },
  } as unknown as MirroredClient;
}
