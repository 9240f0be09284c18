import "server-only";

// The payout calendar's sales from the purchases fact table, when it holds every day of the
// history as the mirror served them (facts-hold.ts); null otherwise,
// and the calendar reads the records. The history's day summaries are read first, as the
// Revenue report reads them: they fetch what is missing or stale (which writes its rows) and
// give the fetch report and the currency decision, without opening a sealed day. The refunds and
// chargebacks are read as the records' path reads them (payouts-losses.ts: from their fact
// tables when those hold the history).
import { tallyByOffer } from "@/lib/analytics/assumed-currency";
import { PURCHASE_SUMMARY, type PurchaseSummary } from "@/lib/analytics/purchase-summary";
import { missingCurrencyByOffer, offerCurrencies } from "@/lib/analytics/purchase-summary-merge";
import { currencyPlan } from "@/lib/query/range-plan";
import type { SalesApiClient } from "@/lib/sales-api";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { currencyAssumptionFor } from "@/lib/reports/server/currency-assumption";
import { rangeOptions, type LoadOptions } from "@/lib/reports/server/load-options";
import type { PayoutInputs, PayoutSales } from "@/lib/reports/server/payouts-report";
import type { PayoutLosses } from "@/lib/reports/server/payouts-losses";
import { factsHold } from "@/lib/reports/server/facts-hold";

export async function payoutInputsFromFacts(client: SalesApiClient, history: { from: string; to: string }, options: LoadOptions, facts: PurchaseFactStore, events: Promise<PayoutLosses>): Promise<PayoutInputs | null> {
  const sold = await payoutSalesFromFacts(client, history, options, facts);
  if (!sold) return null;
  const losses = await events;
  return {
    ...sold,
    refunds: losses.refunds,
    chargebacks: losses.chargebacks,
    unavailable: losses.unavailable,
    reports: [sold.report, ...losses.reports],
  };
}

/** The history's sales as the calendar's columns, from the table when it holds every day as the mirror served them; null otherwise. */
export async function payoutSalesFromFacts(client: SalesApiClient, history: { from: string; to: string }, options: LoadOptions, facts: PurchaseFactStore): Promise<PayoutSales | null> {
  const held = await heldHistory(client, history, options, facts);
  if (!held) return null;
  const { plan, ...rest } = held;
  return { ...rest, sales: await facts.payoutSales(client.identity, history, plan) };
}

/**
 * The history as the table holds it, when it holds every day as the mirror served them (null
 * otherwise): the fetch's report, the currency decision and its placement plan, from the days'
 * summaries (no day's records are opened).
 */
export async function heldHistory(client: SalesApiClient, history: { from: string; to: string }, options: LoadOptions, facts: PurchaseFactStore): Promise<(Omit<PayoutSales, "sales"> & { plan: ReturnType<typeof currencyPlan> }) | null> {
  // Every day as its summary: no day's records are opened.
  const { digests, report } = await client.fetchRange("purchases", history, { ...rangeOptions(options), digest: { digester: PURCHASE_SUMMARY, recordDays: new Set() } });
  if (!(await factsHold(facts, client.identity, [report]))) return null;
  // Newest day first, the records' order (the currency decision reads them in it).
  const summaries = [...report.fetchedAt].reverse().flatMap(([day]) => {
    const summary = digests.get(day) as PurchaseSummary | undefined;
    return summary ? [summary] : [];
  });
  const decided = await currencyAssumptionFor(client, offerCurrencies(summaries), undefined, options.deadline);
  const missing = missingCurrencyByOffer(summaries);
  return {
    plan: currencyPlan(decided),
    report,
    assumedCurrencyRecords: [...missing.values()].reduce((sum, n) => sum + n, 0),
    currency: { ...decided, tally: tallyByOffer(decided, missing) },
    history,
  };
}
