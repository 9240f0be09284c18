import "server-only";

// The Abandonment report's panels as aggregates made in the carts fact store (lib/query/cart-panels.ts),
// when the carts and the purchases fact tables both hold every day of both periods as the mirror
// served them: no cart or purchase row crosses to this thread. The fetch reports, the offers'
// currencies and how many purchases lacked one come from the carts' and the purchases' day marks
// and the purchases table, as the records-per-table path reads them (abandonment-facts.ts,
// abandonment-purchase-facts.ts), so the currency decision and the notes are the same.
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import type { AbandonmentKpiPanels, AbandonmentPanels } from "@/lib/analytics/abandonment-panels";
import { utcFetchWindow } from "@/lib/analytics/local-days";
import { cartPanelPlan, kpiPanelsOf, panelsOf } from "@/lib/query/cart-panels";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { CartFactStore } from "@/lib/store/cart-fact-store";
import { anyCart, type HeldCartMarks } from "./abandonment-facts";
import { missingCurrencyOf } from "@/lib/query/purchase-currency-query";
import { PURCHASE_FILTER_KEYS, type HeldPurchaseMarks } from "./abandonment-purchase-facts";
import { currencyAssumptionFor } from "./currency-assumption";
import type { LoadOptions } from "./load-options";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export interface PanelsLoad<P> {
  panels: P;
  reports: RangeReport[];
  currency: CurrencyAssumption;
  assumedCurrencyRecords: number;
}

/** One period's panels (every one, or a comparison's KPIs only) from the store. */
export function factPanelsOf(client: MirroredClient, carts: HeldCartMarks, purchases: HeldPurchaseMarks, facts: CartFactStore) {
  async function load(period: ReportParams, options: LoadOptions, only: "kpis"): Promise<PanelsLoad<AbandonmentKpiPanels>>;
  async function load(period: ReportParams, options: LoadOptions): Promise<PanelsLoad<AbandonmentPanels>>;
  async function load(period: ReportParams, options: LoadOptions, only?: "kpis"): Promise<PanelsLoad<AbandonmentPanels | AbandonmentKpiPanels>> {
    const window = utcFetchWindow(period.from, period.to, period.tz);
    const marks = carts(window);
    const { report, currencies } = purchases(window);
    // The purchases' offers first, then the carts' (loadAbandonmentWith's order).
    const offered = [...currencies.offered, ...(anyCart(marks) ? [{ offerCode: null, currency: null }] : [])];
    const decided = await currencyAssumptionFor(client, offered, options.currency, options.deadline);
    const { plan, keys } = cartPanelPlan({ from: period.from, to: period.to, timeZone: period.tz, filters: period.filters, granularity: period.granularity, purchaseKeys: PURCHASE_FILTER_KEYS }, decided, only);
    const groups = await facts.cartPanels(client.identity, plan);
    const missing = missingCurrencyOf(currencies.missing, decided);
    return {
      panels: only ? kpiPanelsOf(groups) : panelsOf(groups, keys, period.tz),
      reports: [marks.report, report],
      currency: { ...decided, tally: missing.tally },
      assumedCurrencyRecords: missing.assumed,
    };
  }
  return load;
}
