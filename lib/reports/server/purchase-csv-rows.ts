import "server-only";

// The purchases CSV's rows: from the purchases fact table's cursor when it holds the range
// (lib/query/purchase-csv-query.ts), else read one stored UTC day at a time (issue #25 point 5: a
// CSV streams in constant memory), as below. The range was loaded before
// (the day summaries fetched what was missing or stale, and decided the currency of records
// without one), so each day here is a read of the mirror, opened only when the download pulls
// its rows: memory holds about one day, not the range.
//
// The rows are those loadRevenueRecords gives, in its order: newest UTC day first, each day in
// the order it was stored, a purchase seen in a newer day not repeated from an older one, then
// kept to the local range, placed in a currency and kept to the URL's filters.
import { withAssumedCurrency, type CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { filterPurchases } from "@/lib/analytics/filters";
import { localRangeTest, utcFetchWindow } from "@/lib/analytics/local-days";
import { formatDay, parseDay } from "@/lib/calendar";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { Purchase } from "@/lib/sales-api";
import { batchedRows, ROW_BATCHES, type BatchedRows } from "@/lib/csv/rows";
import { queryPurchaseCsvRows, type FactCsvRow } from "@/lib/query/purchase-csv-query";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { factsHold } from "./facts-hold";
import type { PurchaseCsvRow } from "./revenue-csv";
import { purchaseFiltersOf } from "./revenue-records";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export interface PurchaseCsvSource {
  /** The currency decision of the report (its day summaries'), made before the first row. */
  currency: CurrencyAssumption;
  /** The fetch of the shown period the file's notes were written from: its unfetched and incomplete days. */
  report: RangeReport;
}

/**
 * A day that could not be read as the report saw it: the download fails rather than end short
 * or hold what its "incomplete" note does not say (csv/stream.ts errors the stream).
 */
export class PurchaseDayUnreadable extends Error {
  constructor(day: string) {
    super(`The purchases of ${day} could not be read again while the file was written.`);
    this.name = "PurchaseDayUnreadable";
  }
}

/** The UTC days of the local range, newest first (fetchRange's order of records). */
function newestFirst(params: Pick<ReportParams, "from" | "to" | "tz">): string[] {
  const window = utcFetchWindow(params.from, params.to, params.tz);
  const days: string[] = [];
  for (let d = parseDay(window.to); d >= parseDay(window.from); d--) days.push(formatDay(d));
  return days;
}

/** The rows a stored UTC day at a time, one batch per day (csv/rows.ts). */
async function* dayBatches(client: MirroredClient, params: ReportParams, source: PurchaseCsvSource, signal: AbortSignal | undefined): AsyncGenerator<readonly Purchase[]> {
  const inRange = localRangeTest(params.from, params.to, params.tz);
  const filters = purchaseFiltersOf(params);
  const unfetched = new Set(source.report.unfetchedDays);
  const incomplete = new Set(source.report.incompleteDays);
  // fetchRange keeps a purchase once over the whole range: the only thing kept across days.
  const seen = new Set<number>();
  for (const day of newestFirst(params)) {
    // A day the report could not fetch has no rows in its file, as before; its note says so.
    if (unfetched.has(day)) continue;
    // No deadline of the report's: a long download outlives it, and the day is in the mirror
    // already. Not remembered among the opened days: a file passes once, and would fill that cache.
    const { records, report } = await client.fetchRange("purchases", { from: day, to: day }, { signal, keepHeldOnOutage: true, rememberOpened: false });
    if (report.unfetchedDays.length > 0 || (report.incompleteDays.length > 0 && !incomplete.has(day))) throw new PurchaseDayUnreadable(day);
    const fresh = records.filter((p) => !seen.has(p.purchaseId) && (seen.add(p.purchaseId), true));
    const placed = withAssumedCurrency(fresh.filter((p) => inRange(p.checkoutInitializedAt)), source.currency).records;
    const kept = filterPurchases(placed, filters);
    if (kept.length > 0) yield kept;
  }
}

/**
 * The rows from the purchases fact table when it holds every day of the range as the mirror
 * served them (facts-hold.ts, the filtered Revenue's rule) and the client can open the days'
 * sealed customer cells; null otherwise.
 */
async function factRows(client: MirroredClient, params: ReportParams, source: PurchaseCsvSource, facts: PurchaseFactStore | undefined, batchRows: number | undefined): Promise<BatchedRows<FactCsvRow> | null> {
  const open = client.openFactPart;
  if (!facts || !open || !(await factsHold(facts, client.identity, [source.report]))) return null;
  const query = { from: params.from, to: params.to, timeZone: params.tz, filters: params.filters, currency: source.currency };
  return queryPurchaseCsvRows(facts, client.identity, query, (day, fetchedAt, sealed) => open.call(client, "purchases", day, fetchedAt, sealed), batchRows);
}

/**
 * The rows of the purchases file; nothing is read until the download pulls the first one, which
 * decides where they come from: the fact table's cursor, else the sealed days one at a time. The
 * file is the same either way (purchaseColumns writes both kinds of row alike). They are read a
 * batch at a time by the CSV writer (a fact table's batch, or a day of records).
 */
export function purchaseCsvRows(client: MirroredClient, params: ReportParams, source: PurchaseCsvSource, options: { signal?: AbortSignal; facts?: PurchaseFactStore; batchRows?: number } = {}): BatchedRows<PurchaseCsvRow> {
  return batchedRows<PurchaseCsvRow>(() => {
    let inner: AsyncIterator<readonly PurchaseCsvRow[]> | undefined;
    const iterator: AsyncIterator<readonly PurchaseCsvRow[]> = {
      async next() {
        if (!inner) {
          const facts = await factRows(client, params, source, options.facts, options.batchRows);
          inner = facts ? facts[ROW_BATCHES]() : dayBatches(client, params, source, options.signal);
          // Every later pull goes straight to the batches' own iterator.
          const chosen = inner;
          iterator.next = () => chosen.next();
        }
        return inner.next();
      },
      async return() {
        await inner?.return?.();
        return { done: true, value: undefined };
      },
    };
    return iterator;
  });
}
