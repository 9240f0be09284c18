// The panels of one period of the Abandonment view, made from its carts and purchases by the
// record engine's functions; the fact tables' path makes the same from the store's aggregates
// (lib/query/cart-panels.ts), and the tests hold the two equal.
import { approvalRates, attemptsPerCart, declineCodes, declineMatrix } from "./abandonment-declines";
import { abandonmentKpis, type KpiCart } from "./abandonment-kpis";
import { checkoutFunnel, type FunnelCart } from "./abandonment-funnel";
import type { CartCurrencyOf } from "./abandonment-currency";
import type { CheckoutPurchase } from "./abandonment-purchased-checkouts";
import { recoveredSeries, recoveryDelays } from "./abandonment-recovery";
import { abandonedByCountryState, abandonedByOffer, abandonedByProduct, abandonedSeries, heatmap } from "./abandonment-where";
import { declineRecovery } from "./decline-recovery";
import { offerChoicesOf } from "./offer-choices";
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import type { IsoDay } from "@/lib/calendar";
import type { Granularity } from "./time-buckets";

export type PanelCart = KpiCart & FunnelCart & Pick<AbandonedCart, "productName" | "paymentMethod" | "psp" | "cardBrand" | "shippingCountry" | "offerName" | "shippingState" | "lastDeclineCode" | "attemptCount" | "attemptApprovedCount" | "attemptDeclinedCount">;

export interface PanelRange {
  from: IsoDay;
  to: IsoDay;
  granularity: Granularity;
  timeZone: string;
}

/** What a comparison period shows: its KPIs, the days it has data on, the carts whose currency no offer tells. */
export function kpiPanels<C extends PanelCart>(carts: readonly C[], purchases: readonly (CheckoutPurchase & { checkoutInitializedAt: string })[], currencyOf: CartCurrencyOf<C>) {
  // Read as they are walked, not copied into one array of every cart's and purchase's timestamp.
  function* days(): Generator<string> {
    for (const c of carts) yield c.sessionInitializedAt;
    for (const p of purchases) yield p.checkoutInitializedAt;
  }
  return { kpis: abandonmentKpis(carts, purchases, { currencyOf }), days: { [Symbol.iterator]: days } as Iterable<string>, untold: () => carts.filter((c) => !currencyOf(c)).length };
}

/** Every panel of the period. */
export function recordPanels<C extends PanelCart>(carts: readonly C[], purchases: readonly (CheckoutPurchase & { checkoutInitializedAt: string })[], currencyOf: CartCurrencyOf<C>, range: PanelRange) {
  const options = { currencyOf };
  const series = { ...range, currencyOf };
  const matrix = declineMatrix(carts);
  return {
    ...kpiPanels(carts, purchases, currencyOf),
    totalCarts: carts.length,
    funnel: checkoutFunnel(carts, purchases),
    funnelByOffer: checkoutFunnel(carts, purchases, "offerCode"),
    funnelByVersion: checkoutFunnel(carts, purchases, "checkoutVersion"),
    funnelByMode: checkoutFunnel(carts, purchases, "sessionMode"),
    declines: declineCodes(carts, options),
    matrix,
    matrixRecovery: declineRecovery(carts, matrix),
    approval: { psp: approvalRates(carts, "psp"), paymentMethod: approvalRates(carts, "paymentMethod"), cardBrand: approvalRates(carts, "cardBrand") },
    attempts: attemptsPerCart(carts),
    byOffer: abandonedByOffer(carts, options),
    byProduct: abandonedByProduct(carts, options),
    /** The Offer filter's choices in words: each offer's name and products. */
    offers: offerChoicesOf(carts),
    byCountryState: abandonedByCountryState(carts, options).slice(0, 20),
    heatmap: heatmap(carts, range.timeZone),
    series: abandonedSeries(carts, series),
    recovery: recoveryDelays(carts, options),
    recoveredSeries: recoveredSeries(carts, series),
  };
}

export type AbandonmentPanels = ReturnType<typeof recordPanels>;
export type AbandonmentKpiPanels = ReturnType<typeof kpiPanels>;
