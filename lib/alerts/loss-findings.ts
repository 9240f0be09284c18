import "server-only";

// What explains the loss alerts, by the values of the sales the losses name (product, offer,
// purchase type, payment method, PSP, card brand, country, affiliate):
// - a spike of refunds: of the refunds requested on the day, which values carry more than their
//   part of the usual, the weeks' mean of the same weekday (contribution.ts);
// - chargebacks projected over the line: which values hold a larger part of the month's disputes
//   than of its sales (concentration.ts), the sales as the Revenue report sums them.
// The losses are the Refunds report's own rows, dated by request (lib/reports/server/refunds-report.ts),
// and each names its sale, read from the mirror as that report reads the sales its records name.
// The contract shows no field of a refund or chargeback record, so a loss is placed by its sale's
// values; one whose sale cannot be found (the report's "unmatched") is left out, and when the days
// of the sales were not all read there is no explanation rather than a wrong one.
import { dimensionKeys, type Dimension } from "@/lib/analytics/dimensions";
import { periodQuality } from "@/lib/reports/report-quality";
import { log } from "@/lib/log/server-log";
import { isoDay } from "@/lib/calendar";
import { explainChange, type DimensionValues, type Finding, type KeyValues } from "@/lib/insights/contribution";
import { explainConcentration, type ConcentrationFinding, type ConcentrationKey } from "@/lib/insights/concentration";
import { SAME_SALES, type SummaryBreakdowns } from "@/lib/insights/summary-dimensions";
import { SUMMARY_DIMENSIONS } from "@/lib/analytics/purchase-summary";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import type { Purchase } from "@/lib/sales-api";
import type { EventFigureRow } from "@/lib/store/event-fact-store";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import { loadReferencedSales } from "@/lib/reports/server/referenced-sales";

export const REFUND_DIMENSIONS = Object.keys(dimensionKeys) as Dimension[];

/** The sales of a set of losses of one currency, those found: a loss takes its own currency, else its sale's. */
function ofCurrency(rows: readonly EventFigureRow[], sales: ReadonlyMap<number, Purchase>, currency: string): Purchase[] {
  const wanted = currency.toLowerCase();
  return rows.flatMap((row) => {
    const sale = row.saleId === null ? undefined : sales.get(row.saleId);
    if (!sale) return [];
    return (row.currency ?? sale.currency?.toLowerCase() ?? null) === wanted ? [sale] : [];
  });
}

/** Each dimension's refunds per key: the day's, and the weeks' mean. */
export function refundDimensionValues(day: readonly Purchase[], weeks: ReadonlyArray<readonly Purchase[]>): DimensionValues<Dimension>[] {
  return REFUND_DIMENSIONS.map((dimension) => {
    const keys = new Map<string, KeyValues & { current: number; previous: number }>();
    const add = (sales: readonly Purchase[], side: "current" | "previous", weight: number) => {
      for (const sale of sales) {
        const key = dimensionKeys[dimension](sale as never);
        const entry = keys.get(key) ?? { key, current: 0, previous: 0, ...(dimension === "offer" && sale.offerName ? { label: sale.offerName } : {}) };
        entry[side] += weight;
        keys.set(key, entry);
      }
    };
    add(day, "current", 1);
    for (const week of weeks) add(week, "previous", 1 / weeks.length);
    return { dimension, keys: [...keys.values()] };
  });
}

/** Each set of loss rows as the sales they name, of `currency` only; null when their days were not all read. */
async function salesOfLosses(client: MirroredClient, rows: readonly (readonly EventFigureRow[])[], currency: string, at: number, options: LoadOptions): Promise<Purchase[][] | null> {
  const { purchases, reports } = await loadReferencedSales(client, rows.flat(), new Set(), isoDay(new Date(at)), options);
  if (!periodQuality(reports).complete) return null;
  const sales = new Map(purchases.map((p) => [p.purchaseId, p]));
  return rows.map((r) => ofCurrency(r, sales, currency));
}

/** `rows[0]` the day's refund rows, the others the weeks'; the findings for `currency`, or null (the sales' days not all read). */
export async function refundSpikeFindings(client: MirroredClient, rows: readonly (readonly EventFigureRow[])[], currency: string, at: number, options: LoadOptions): Promise<Array<Finding<Dimension>> | null> {
  const named = await salesOfLosses(client, rows, currency, at, options);
  if (!named) return null;
  const [day, ...weeks] = named;
  return explainChange(refundDimensionValues(day ?? [], weeks), { sameSales: SAME_SALES });
}

/** Each dimension's disputes per key, beside the key's sales (`sales`: the Revenue report's breakdowns of the same days). */
export function disputeConcentrationValues(disputes: readonly Purchase[], sales: SummaryBreakdowns, currency: string): Array<{ dimension: Dimension; keys: ConcentrationKey[] }> {
  return SUMMARY_DIMENSIONS.map((dimension) => {
    const keys = new Map<string, ConcentrationKey>();
    const entry = (key: string, label?: string | null) => keys.get(key) ?? keys.set(key, { key, ...(label ? { label } : {}), events: 0, base: 0 }).get(key)!;
    for (const row of sales[dimension].find((b) => b.currency.toLowerCase() === currency.toLowerCase())?.rows ?? []) entry(row.key, row.label).base += row.count;
    for (const sale of disputes) entry(dimensionKeys[dimension](sale as never), dimension === "offer" ? sale.offerName : null).events += 1;
    return { dimension, keys: [...keys.values()] };
  });
}

/** The month's dispute rows of `currency` against its sales' breakdowns: what carries the rate; null when the disputes' sales were not all read. */
export async function chargebackFindings(client: MirroredClient, disputes: readonly EventFigureRow[], sales: SummaryBreakdowns, currency: string, at: number, options: LoadOptions): Promise<Array<ConcentrationFinding<Dimension>> | null> {
  const named = await salesOfLosses(client, [disputes], currency, at, options);
  return named && explainConcentration(disputeConcentrationValues(named[0] ?? [], sales, currency), { sameSales: SAME_SALES });
}

/**
 * An explanation that could not be made leaves the alert as it is, without one: the figures fire
 * it, the explanation only tells more (a deadline, the mirror's store away, days not all read).
 */
export async function unlessUnexplained<F>(explain: () => Promise<F[] | null>): Promise<F[] | undefined> {
  try {
    return (await explain()) ?? undefined;
  } catch (error) {
    log("warn", { event: "alert_explanation_failed", errorName: (error as Error)?.name ?? "unknown" });
    return undefined;
  }
}
