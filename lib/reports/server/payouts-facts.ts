import "server-only";

// The payout calendar's sales from the purchases fact table, when it holds every day of the
// history as the mirror served them (facts-hold.ts); null otherwise,
// and the calendar reads the records. The history's days are read first as marks (range-types.ts):
// they fetch what is missing or stale (which writes its rows) and give the fetch report without
// opening a sealed day or its summary; the table gives the currency decision. The refunds and
// chargebacks are read as the records' path reads them (payouts-losses.ts: from their fact
// tables when those hold the history).
//
// The calendar itself reads the history as two day ranges (payoutInputsHeld): its newest
// OPEN_DAYS, read from the table on every request, and the closed days before them, read only
// when the view's worker does not keep them under the fetch times of those days
// (payouts-view-worker.ts, payouts-kept.ts's closedSalesKey).
import { PURCHASE_SUMMARY } from "@/lib/analytics/purchase-summary";
import { missingCurrencyOf, offerCurrenciesOfDays } from "@/lib/query/purchase-currency-query";
import { currencyPlan } from "@/lib/query/range-plan";
import { shiftDay } from "@/lib/calendar";
import type { PayoutSaleColumns } from "@/lib/records/payout-columns";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { currencyAssumptionFor } from "@/lib/reports/server/currency-assumption";
import { rangeOptions, type LoadOptions } from "@/lib/reports/server/load-options";
import type { PayoutInputs, PayoutSales } from "@/lib/reports/server/payouts-report";
import type { PayoutLosses } from "@/lib/reports/server/payouts-losses";
import { factsHold } from "@/lib/reports/server/facts-hold";
import { closedSalesKey } from "@/lib/reports/server/payouts-kept";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export async function payoutInputsFromFacts(client: MirroredClient, history: { from: string; to: string }, options: LoadOptions, facts: PurchaseFactStore, events: Promise<PayoutLosses>): Promise<PayoutInputs | null> {
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

/**
 * The newest days of the history, read from the table on every request. The freshness policy
 * fetches days up to 30 old again within the hour (lib/mirror/freshness-policy.ts), which would
 * change a key over them that often; the days before change about once a day (those up to 120
 * days old) or a week.
 */
export const OPEN_DAYS = 31;

/** The calendar's closed days: their key, and how to read them when the view's worker does not keep them. */
export interface ClosedDays {
  key: string;
  read: () => Promise<PayoutSaleColumns>;
}

/**
 * The calendar's inputs when the table holds every day of the history as the mirror served
 * them (null otherwise), with the sales of the newest OPEN_DAYS only; the days before them are
 * `closed`, read by the caller only when they are not kept.
 */
export async function payoutInputsHeld(client: MirroredClient, history: { from: string; to: string }, options: LoadOptions, facts: PurchaseFactStore, events: Promise<PayoutLosses>): Promise<{ inputs: PayoutInputs; closed: ClosedDays | null } | null> {
  const held = await heldHistory(client, history, options, facts);
  if (!held) return null;
  const { plan, ...rest } = held;
  const cut = shiftDay(history.to, -OPEN_DAYS);
  const older = cut >= history.from ? { from: history.from, to: cut } : null;
  const newer = older ? { from: shiftDay(cut, 1), to: history.to } : history;
  const sales = await facts.payoutSales(client.identity, newer, plan);
  const losses = await events;
  const inputs = { ...rest, sales, refunds: losses.refunds, chargebacks: losses.chargebacks, unavailable: losses.unavailable, reports: [rest.report, ...losses.reports] };
  const closed = older && { key: closedSalesKey(facts, client.identity, older, plan, rest.report), read: () => facts.payoutSales(client.identity, older, plan) };
  return { inputs, closed };
}

/** The history's sales as the calendar's columns, from the table when it holds every day as the mirror served them; null otherwise. */
export async function payoutSalesFromFacts(client: MirroredClient, history: { from: string; to: string }, options: LoadOptions, facts: PurchaseFactStore): Promise<PayoutSales | null> {
  const held = await heldHistory(client, history, options, facts);
  if (!held) return null;
  const { plan, ...rest } = held;
  return { ...rest, sales: await facts.payoutSales(client.identity, history, plan) };
}

/**
 * The history as the table holds it, when it holds every day as the mirror served them (null
 * otherwise): the fetch's report from the days' marks, the currency decision and its placement
 * plan from the table.
 */
export async function heldHistory(client: MirroredClient, history: { from: string; to: string }, options: LoadOptions, facts: PurchaseFactStore): Promise<(Omit<PayoutSales, "sales"> & { plan: ReturnType<typeof currencyPlan> }) | null> {
  // Every day as its mark: no day's records or summary is opened but a day's whose notes (invalid
  // or odd-shaped records) are not known to be none; the currency decision reads the table.
  const { report } = await client.fetchRange("purchases", history, { ...rangeOptions(options), digest: { digester: PURCHASE_SUMMARY, recordDays: new Set(), marks: true } });
  if (!(await factsHold(facts, client.identity, [report]))) return null;
  const { offered, missing } = await offerCurrenciesOfDays(facts, client.identity, history);
  const decided = await currencyAssumptionFor(client, offered, undefined, options.deadline);
  const { assumed, tally } = missingCurrencyOf(missing, decided);
  return {
    plan: currencyPlan(decided),
    report,
    assumedCurrencyRecords: assumed,
    currency: { ...decided, tally },
    history,
  };
}
