import "server-only";

// The Refunds & chargebacks report's purchase figures, in either dating, summed by the purchases
// fact table when it holds every day of both periods as the mirror served them
// (facts-hold.ts); null otherwise, and the report reads the records.
// Dated by request, the sales the records name outside the period are looked up in the table
// too, on the days the records path would open (referenced-sales.ts), when it holds those.
// The purchases' days are read as marks first, as a filtered Revenue report reads them
// (held-purchases.ts): they fetch what is missing or stale (which writes its rows) and give the
// fetch reports; the table gives the filters' choices and the currency decision. The refunds and chargebacks are rows of their own tables when those hold
// the period (refunds-loss-rows.ts), else the records read as rows; the sales they name are
// placed among the period's by the purchases table, not by the purchase records.
import { comparisonRange } from "@/lib/analytics/compare";
import { comparisonDataStart } from "@/lib/analytics/comparison-coverage";
import { eventDatedRefundKpis, saleDatedRefundKpis, unmatchedOf, type RefundKpis } from "@/lib/analytics/refund-kpis";
import { PURCHASE_SUMMARY } from "@/lib/analytics/purchase-summary";
import { isoDay } from "@/lib/calendar";
import type { PurchaseSummaryQuery } from "@/lib/query/purchase-summary-query";
import { refundFactsOf, refundPlan, refundSalesOf } from "@/lib/query/refund-query";
import type { FilterKey, ReportParams } from "@/lib/report-params/definitions";
import type { KeyType } from "@/lib/sales-api";
import type { EventFigureRow, EventFactStore } from "@/lib/store/event-fact-store";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { rangeOptions, type LoadOptions } from "@/lib/reports/server/load-options";
import { recordsNamingSales, referencedDays } from "@/lib/reports/server/referenced-sales";
import { ofPeriodSales, REFUND_FILTER_KEYS } from "@/lib/reports/server/refunds-records";
import { loadLossRows, type LossList, type LossRows } from "@/lib/reports/server/refunds-loss-rows";
import type { LossTable, RefundsParts } from "@/lib/reports/server/refunds-parts";
import { factsHold } from "@/lib/reports/server/facts-hold";
import { heldPurchases } from "@/lib/reports/server/held-purchases";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

/** The sales the records name: their purchase ids. */
function namedSales(losses: LossRows): number[] {
  const ids = new Set<number>();
  for (const r of [...(losses.refunds?.rows ?? []), ...(losses.chargebacks?.rows ?? [])]) if (r.saleId !== null) ids.add(r.saleId);
  return [...ids];
}

const rowsOf = (list: LossList | null): EventFigureRow[] | null => list && list.rows;

/** A list as the view reads it; dated by sale, the records of the period's sales (`has`) and those naming none. */
function tableOf(list: LossList | null, has?: (id: number) => boolean): LossTable | null {
  if (!list) return null;
  return { rows: has ? list.rows.filter((r) => ofPeriodSales(r.saleId, has)) : list.rows, columns: () => list.columns(has) };
}

interface Period {
  figures: Awaited<ReturnType<typeof refundFactsOf>>;
  kpis: RefundKpis[];
  refunds: LossTable | null;
  chargebacks: LossTable | null;
  /** Dated by request: records whose sale was found nowhere; null dated by sale. */
  unmatched: number | null;
  /** Dated by request: the fetches of the other days' sales looked up. */
  referenced: RangeReport[];
}

/** `listed`: the period shown, whose records the page lists (the comparison's only count). */
interface PeriodInputs { client: MirroredClient; facts: PurchaseFactStore; query: PurchaseSummaryQuery; keyType: KeyType; losses: LossRows; fallbackCurrency: string; options: LoadOptions; listed: boolean }

async function saleDatedPeriod({ client, facts, query, keyType, losses, fallbackCurrency, listed }: PeriodInputs): Promise<Period> {
  const plan = refundPlan(query);
  const [figures, sales] = await Promise.all([refundFactsOf(facts, client.identity, plan, keyType), refundSalesOf(facts, client.identity, plan, namedSales(losses))]);
  const has = (id: number) => sales.has(id);
  const [refunds, chargebacks] = listed ? [tableOf(losses.refunds, has), tableOf(losses.chargebacks, has)] : [null, null];
  const charged = rowsOf(losses.chargebacks)?.filter((r) => ofPeriodSales(r.saleId, has)) ?? null;
  return { figures, kpis: saleDatedRefundKpis(figures.sums, (id) => sales.get(id), charged, fallbackCurrency), refunds, chargebacks, unmatched: null, referenced: [] };
}

// Every row of a run of UTC days, whatever its time: the purchases the records path reads of those days.
const WHOLE_DAYS = { bucketStarts: [Number.MIN_SAFE_INTEGER], endMs: Number.MAX_SAFE_INTEGER };

/**
 * Dated by request: the period's sums (after the filters) and the sales the records name, the
 * period's (before the filters) first, then those of other days, as refunds-records.ts knows
 * them; null when the table does not hold those other days as the mirror served them.
 */
async function requestDatedPeriod({ client, facts, query, keyType, losses, fallbackCurrency, options, listed }: PeriodInputs): Promise<Period | null> {
  const account = client.identity;
  const naming = recordsNamingSales(rowsOf(losses.refunds), rowsOf(losses.chargebacks));
  const ids = [...new Set(naming.flatMap((r) => r.saleId ?? []))];
  const unfiltered = refundPlan({ ...query, filters: {} });
  const [figures, ofPeriod] = await Promise.all([refundFactsOf(facts, account, refundPlan(query), keyType), refundSalesOf(facts, account, unfiltered, ids)]);
  const { wanted, runs } = referencedDays(naming, (id) => ofPeriod.has(id), isoDay(new Date()));
  const marksOnly = { ...rangeOptions(options), digest: { digester: PURCHASE_SUMMARY, recordDays: new Set<string>(), marks: true } };
  const fetched = wanted.size === 0 ? [] : await Promise.all(runs.map((run) => client.fetchRange("purchases", run, marksOnly)));
  const referenced = fetched.map((f) => f.report);
  if (!(await factsHold(facts, account, referenced))) return null;
  const plans = runs.map((days) => ({ ...unfiltered, days, ...WHOLE_DAYS }));
  const others = wanted.size === 0 ? [] : await Promise.all(plans.map((plan) => refundSalesOf(facts, account, plan, [...wanted])));
  const known = new Map(others.flatMap((m) => [...m]));
  const saleOf = (id: number) => ofPeriod.get(id) ?? known.get(id);
  const refunds = rowsOf(losses.refunds);
  const chargebacks = rowsOf(losses.chargebacks);
  const [refundTable, chargebackTable] = listed ? [tableOf(losses.refunds), tableOf(losses.chargebacks)] : [null, null];
  return {
    figures,
    kpis: eventDatedRefundKpis(figures.sums, saleOf, refunds, chargebacks, fallbackCurrency),
    refunds: refundTable,
    chargebacks: chargebackTable,
    unmatched: unmatchedOf((id) => saleOf(id) !== undefined, refunds, chargebacks),
    referenced,
  };
}

/** `listed`: whether the records tables and the filter bar are wanted (the page shows them); the Overview reads the figures only, and its parts' lists are then null, its choices none. */
export async function refundsFromFacts(client: MirroredClient, keyType: KeyType, params: ReportParams, options: LoadOptions, facts: PurchaseFactStore, eventFacts?: EventFactStore, listed = true): Promise<RefundsParts | null> {
  // The purchases' marks, the table's choices and the currency decision (the shown period's, as
  // the records path decides it), and both periods' loss records, side by side.
  const [held, losses, beforeLosses] = await Promise.all([
    heldPurchases(client, params, options, facts, { comparison: true, decideOnBoth: false, choices: listed }),
    loadLossRows(client, params, options, eventFacts),
    params.compare === "none" ? null : loadLossRows(client, { ...params, ...comparisonRange(params, params.compare) }, options, eventFacts),
  ]);
  if (!held) return null;
  const compare = held.comparison?.range ?? null;
  const query = { timeZone: params.tz, filters: params.filters, currency: held.decided };
  const inputs = { client, facts, keyType, fallbackCurrency: held.currency.currency, options };
  const periodOf = params.dating === "sale" ? saleDatedPeriod : requestDatedPeriod;
  const [current, previous] = await Promise.all([
    periodOf({ ...inputs, query: { ...query, from: params.from, to: params.to }, losses, listed }),
    compare && beforeLosses ? periodOf({ ...inputs, query: { ...query, ...compare }, losses: beforeLosses, listed: false }) : null,
  ]);
  if (!current || (compare && !previous)) return null;
  // Without the lists (the Overview), no filter bar either: its choices are not read.
  const choices = held.choices;
  return {
    comparison: compare,
    comparisonDataFrom: compare && previous ? comparisonDataStart(compare, previous.figures.days, current.figures.days) : null,
    figures: current.kpis,
    previous: previous ? previous.kpis : null,
    split: current.figures.breakdowns,
    refunds: current.refunds,
    chargebacks: current.chargebacks,
    unavailable: losses.unavailable,
    filterOptions: choices ? (Object.fromEntries(REFUND_FILTER_KEYS.filter((key) => key !== "affiliate" || keyType === "creator").map((key) => [key, choices.filterOptions[key]])) as Partial<Record<FilterKey, string[]>>) : {},
    offers: choices?.offers ?? [],
    unmatched: current.unmatched,
    reports: {
      current: [held.report, ...losses.reports, ...current.referenced],
      comparison: held.comparison && beforeLosses && previous ? [held.comparison.report, ...beforeLosses.reports, ...previous.referenced] : null,
    },
    currency: held.currency,
    assumedCurrencyRecords: held.assumedCurrencyRecords,
  };
}
