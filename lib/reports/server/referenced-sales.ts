import "server-only";

// The sales that refund and chargeback records dated by request name outside the period: a
// refund requested today of a sale 100 days old. Their purchases are read for the days of those
// sales only (through the mirror, which holds two years, as the payout calendar reads them), so
// the report can tell a full refund from a partial one and what the sale lost.
import { DAY_MS, formatDay, parseDay, shiftDay, type IsoDay } from "@/lib/calendar";
import type { Purchase } from "@/lib/sales-api";
import type { EventFactRow } from "@/lib/store/event-fact-store";
import { HISTORY_DAYS } from "@/lib/reports/payouts-month";
import { rangeOptions, type LoadOptions } from "@/lib/reports/server/load-options";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export interface ReferencedSales { purchases: Purchase[]; reports: RangeReport[] }

/** Runs of consecutive days, each as the inclusive range fetchRange takes. */
export function dayRuns(days: Iterable<IsoDay>): Array<{ from: IsoDay; to: IsoDay }> {
  const sorted = [...new Set(days)].map(parseDay).sort((a, b) => a - b);
  const runs: Array<{ from: IsoDay; to: IsoDay }> = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    runs.push({ from: formatDay(sorted[i]!), to: formatDay(sorted[j]!) });
    i = j + 1;
  }
  return runs;
}

/** What a refund or chargeback tells of its sale: its id, when it was made, and whether it is a dispute (an alert names no loss). */
export type SaleNaming = Pick<EventFactRow, "saleId" | "saleAt" | "dispute">;

/**
 * How many UTC days before its creation a purchase's checkout may have begun: the API files a
 * purchase by its checkout's start, and a cart recovered by the platform's reminders is bought up
 * to three days after it was abandoned (the sandbox models 71 hours), which can span four days.
 * Looking back only a day left such sales' refunds and disputes unmatched.
 */
export const CHECKOUT_LOOKBACK_DAYS = 4;

/**
 * The sales `records` name that `have` does not hold, and the UTC days to look them up on. A
 * record places its sale by `purchaseCreatedAt` (saleAt; the sandbox's and the field notes' name),
 * and the sale is looked for on that day and the CHECKOUT_LOOKBACK_DAYS before. A record without
 * that date, or naming a sale older than the mirror's two years, is not looked up; one whose sale
 * is not found there either: the page counts them as unmatched.
 */
export function referencedDays(records: readonly SaleNaming[], have: (id: number) => boolean, today: IsoDay): { wanted: Set<number>; runs: Array<{ from: IsoDay; to: IsoDay }> } {
  const earliest = shiftDay(today, -HISTORY_DAYS);
  const wanted = new Set<number>();
  const days = new Set<IsoDay>();
  for (const r of records) {
    const id = r.saleId;
    if (id === null || have(id) || r.saleAt === null) continue;
    const day = formatDay(Math.floor(r.saleAt / DAY_MS));
    if (day < earliest || day > today) continue;
    wanted.add(id);
    days.add(day);
    for (let back = 1; back <= CHECKOUT_LOOKBACK_DAYS; back++) if (shiftDay(day, -back) >= earliest) days.add(shiftDay(day, -back));
  }
  return { wanted, runs: dayRuns(days) };
}

/** The purchases of the sales `records` name that `have` does not hold (referencedDays), read from the records of their days. */
export async function loadReferencedSales(client: MirroredClient, records: readonly SaleNaming[], have: ReadonlySet<number>, today: IsoDay, options: LoadOptions): Promise<ReferencedSales> {
  const { wanted, runs } = referencedDays(records, (id) => have.has(id), today);
  if (wanted.size === 0) return { purchases: [], reports: [] };
  const fetched = await Promise.all(runs.map((run) => client.fetchRange("purchases", run, rangeOptions(options))));
  return { purchases: fetched.flatMap((f) => f.records.filter((p) => wanted.has(p.purchaseId))), reports: fetched.map((f) => f.report) };
}

/** The records whose sale may lie outside the period: refunds, and disputes (an alert loses nothing). */
export const recordsNamingSales = <R extends SaleNaming>(refunds: readonly R[] | null, chargebacks: readonly R[] | null): R[] => [...(refunds ?? []), ...(chargebacks ?? []).filter((c) => c.dispute)];
