import "server-only";

// The Refunds & chargebacks report's purchase figures, dated by sale, summed by the purchases
// fact table when it holds every day of both periods as the mirror served them
// (revenue-summaries.ts's factsHoldReports); null otherwise, and the report reads the records.
// The day summaries are read first, as a filtered Revenue report reads them: they fetch what is
// missing or stale (which writes its rows), give the filters' choices, the fetch reports and the
// currency decision. The refund and chargeback records are still fetched (the page lists them);
// the sales they name are placed among the period's by the table, not by the purchase records.
import { comparisonRange } from "@/lib/analytics/compare";
import { comparisonDataStart } from "@/lib/analytics/comparison-coverage";
import { FILTER_DIMENSION } from "@/lib/analytics/filters";
import { mergeSummaries } from "@/lib/analytics/purchase-summary-merge";
import { summaryDimensionKeys, summaryOfferChoices } from "@/lib/analytics/purchase-summary-views";
import { saleDatedRefundKpis, type RefundSale } from "@/lib/analytics/refund-kpis";
import { saleIdOf } from "@/lib/analytics/sale-losses";
import { refundFactsOf, refundPlan, refundSalesOf } from "@/lib/query/refund-query";
import type { FilterKey, ReportParams } from "@/lib/report-params/definitions";
import type { GenericRecord, KeyType, SalesApiClient } from "@/lib/sales-api";
import type { PurchaseFactPlan, PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import { loadLossRecords, REFUND_FILTER_KEYS, type LossRecords } from "@/lib/reports/server/refunds-records";
import type { RefundsParts } from "@/lib/reports/server/refunds-parts";
import { factsHoldReports, unfilteredSummaries } from "@/lib/reports/server/revenue-summaries";

/** The sales the records name: their purchase ids. */
function namedSales(losses: LossRecords): number[] {
  const ids = new Set<number>();
  for (const r of [...(losses.refunds ?? []), ...(losses.chargebacks ?? [])]) {
    const id = saleIdOf(r);
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}

/** The records of the period's sales (refunds-records.ts keeps those, and the ones naming no sale). */
const ofSales = (records: GenericRecord[] | null, sales: ReadonlyMap<number, RefundSale>) =>
  records && records.filter((r) => r.purchaseId === undefined || sales.has(Number(r.purchaseId)));

async function periodOf(facts: PurchaseFactStore, account: string, plan: PurchaseFactPlan, keyType: KeyType, losses: LossRecords, fallbackCurrency: string) {
  const [figures, sales] = await Promise.all([refundFactsOf(facts, account, plan, keyType), refundSalesOf(facts, account, plan, namedSales(losses))]);
  const chargebacks = ofSales(losses.chargebacks, sales);
  return { figures, kpis: saleDatedRefundKpis(figures.sums, (id) => sales.get(id), chargebacks, fallbackCurrency), refunds: ofSales(losses.refunds, sales), chargebacks };
}

/** Dated by sale only: dated by request the records name sales of any day, which the report looks up one by one. */
export async function refundsFromFacts(client: SalesApiClient, keyType: KeyType, params: ReportParams, options: LoadOptions, facts: PurchaseFactStore): Promise<RefundsParts | null> {
  if (params.dating !== "sale") return null;
  const compare = params.compare === "none" ? null : comparisonRange(params, params.compare);
  const shown = unfilteredSummaries(client, { ...params, compare: "none" }, options);
  const decided = shown.then((s) => s.decided);
  decided.catch(() => undefined);
  // Both periods and their loss records side by side; the comparison takes the shown period's currency decision.
  const [now, before, losses, beforeLosses] = await Promise.all([
    shown,
    compare ? unfilteredSummaries(client, { ...params, ...compare, compare: "none" }, { ...options, currency: decided }) : null,
    loadLossRecords(client, params, options, null),
    compare ? loadLossRecords(client, { ...params, ...compare }, options, null) : null,
  ]);
  if (!(await factsHoldReports(facts, client.identity, before ? [now.shown.report, before.shown.report] : [now.shown.report]))) return null;
  const query = { timeZone: params.tz, filters: params.filters, currency: now.decided };
  const fallback = now.currency.currency;
  const [current, previous] = await Promise.all([
    periodOf(facts, client.identity, refundPlan({ ...query, from: params.from, to: params.to }), keyType, losses, fallback),
    compare && beforeLosses ? periodOf(facts, client.identity, refundPlan({ ...query, ...compare }), keyType, beforeLosses, fallback) : null,
  ]);
  const unfiltered = mergeSummaries(now.shown.summaries, now.decided);
  return {
    comparison: compare,
    comparisonDataFrom: compare && previous ? comparisonDataStart(compare, previous.figures.days, current.figures.days) : null,
    figures: current.kpis,
    previous: previous ? previous.kpis : null,
    split: current.figures.breakdowns,
    refunds: current.refunds,
    chargebacks: current.chargebacks,
    unavailable: losses.unavailable,
    filterOptions: Object.fromEntries(REFUND_FILTER_KEYS.filter((key) => key !== "affiliate" || keyType === "creator").map((key) => [key, summaryDimensionKeys(unfiltered, FILTER_DIMENSION[key])])) as Partial<Record<FilterKey, string[]>>,
    offers: summaryOfferChoices(unfiltered),
    unmatched: null,
    reports: { current: [now.shown.report, ...losses.reports], comparison: before && beforeLosses ? [before.shown.report, ...beforeLosses.reports] : null },
    currency: now.currency,
    assumedCurrencyRecords: [...now.missing.values()].reduce((sum, n) => sum + n, 0),
  };
}
