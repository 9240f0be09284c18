import "server-only";

// The records behind the Abandonment report: carts by the local day their session started,
// the purchases of the same days (checkouts that did not abandon), and each offer's currency,
// which carts do not carry. Either half may come from its fact table instead (abandonment-facts.ts,
// abandonment-purchase-facts.ts): each is a function of the period that answers the same thing.
import type { CartCurrencyOf } from "@/lib/analytics/abandonment-currency";
import { inLocalRange, utcFetchWindow } from "@/lib/analytics/time-buckets";
import type { ReportParams } from "@/lib/report-params/definitions";
import { withAssumedCurrency, type CurrencyAssumption, type CurrencyTally } from "@/lib/analytics/assumed-currency";
import { currencyAssumptionFor } from "@/lib/reports/server/currency-assumption";
import { matchesFilters, type FilterPickers } from "@/lib/reports/server/record-filters";
import { rangeOptions, withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import type { AbandonedCart, Purchase } from "@/lib/sales-api";
import type { FactCart } from "@/lib/query/cart-query";
import type { ReportPurchase } from "@/lib/query/checkout-purchase-query";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

/** What the report reads of a cart: the record, or its row of the carts fact table (lib/query/cart-query.ts). */
export type ReportCart = FactCart;

export type { ReportPurchase };

export interface AbandonmentRecords<C extends ReportCart = AbandonedCart, P extends ReportPurchase = Purchase> {
  carts: C[];
  purchases: P[];
  /** A cart's currency by its offer; undefined (unknown) for an offer never seen, or seen in two currencies. */
  currencyOf: CartCurrencyOf<{ offerCode?: string | null }>;
  reports: RangeReport[];
  /** The currency of purchases that came without one (the comparison period reuses it)... */
  currency: CurrencyAssumption;
  /** ...and how many of the range's purchases took it. */
  assumedCurrencyRecords: number;
}

type Picked = string | null | undefined;

/** A cart and a purchase are filtered by the same fields, a missing PSP or card brand as "none"; only where the buyer is differs. */
const abandonmentFilters = <T extends { productName?: Picked; offerCode?: Picked; paymentMethod?: Picked; psp?: Picked; cardBrand?: Picked }>(country: (record: T) => Picked): FilterPickers<T> => ({
  product: (r) => r.productName,
  offer: (r) => r.offerCode,
  method: (r) => r.paymentMethod,
  psp: (r) => r.psp || "none",
  brand: (r) => r.cardBrand || "none",
  country,
});

/** The field each filter compares on a cart (the tests draw their filter values from it). */
export const CART_FILTERS: FilterPickers<AbandonedCart> = abandonmentFilters((c) => c.shippingCountry);

export const PURCHASE_FILTERS: FilterPickers<Purchase> = abandonmentFilters((p) => p.billingCountry);

/** The carts side of a load: the range's carts after the filters, their fetch report, and what they bring to the currency decision. */
export interface CartsLoad<C extends ReportCart> {
  carts: C[];
  report: RangeReport;
  /** Carts carry no currency: the carts of every offer of the fetched days are always to be told, purchases' or not. */
  offered: Array<{ offerCode: string | null | undefined; currency: null }>;
}

export type CartsOf<C extends ReportCart> = (client: MirroredClient, params: ReportParams, window: { from: string; to: string }, options: LoadOptions) => Promise<CartsLoad<C>>;

/** The carts from their records: every fetched day opened, filtered here. */
export const cartRecords: CartsOf<AbandonedCart> = async (client, params, window, options) => {
  const fetched = await client.fetchRange("abandoned-carts", window, rangeOptions(options));
  return {
    carts: fetched.records.filter((c) => inLocalRange(c.sessionInitializedAt, params.from, params.to, params.tz) && matchesFilters(c, params.filters, CART_FILTERS)),
    report: fetched.report,
    offered: fetched.records.map((c) => ({ offerCode: c.offerCode, currency: null })),
  };
};

/** The purchases side of a load: what the fetched days bring to the currency decision, their fetch report, and, once it is made, the range's purchases after the filters. */
export interface PurchasesLoad<P extends ReportPurchase> {
  report: RangeReport;
  offered: ReadonlyArray<{ offerCode?: string | null; currency?: string | null }>;
  /** The range's purchases, their currency placed; how many of the fetched days' purchases took one, and how. */
  placed(decided: CurrencyAssumption): Promise<{ purchases: P[]; assumed: number; tally: CurrencyTally }>;
}

export type PurchasesOf<P extends ReportPurchase> = (client: MirroredClient, params: ReportParams, window: { from: string; to: string }, options: LoadOptions) => Promise<PurchasesLoad<P>>;

/** The purchases from their records: every fetched day opened, filtered here. */
export const purchaseRecords: PurchasesOf<Purchase> = async (client, params, window, options) => {
  const fetched = await client.fetchRange("purchases", window, rangeOptions(options));
  return {
    report: fetched.report,
    offered: fetched.records,
    placed: async (decided) => {
      const assumed = withAssumedCurrency(fetched.records, decided);
      const inRange = (ts: string) => inLocalRange(ts, params.from, params.to, params.tz);
      const purchases = assumed.records.filter((p) => inRange(p.checkoutInitializedAt) && matchesFilters(p, params.filters, PURCHASE_FILTERS));
      return { purchases, assumed: assumed.assumed, tally: assumed.tally };
    },
  };
};

export function loadAbandonmentRecords(client: MirroredClient, params: ReportParams, given: LoadOptions = {}): Promise<AbandonmentRecords> {
  return loadAbandonmentWith(client, params, given, cartRecords, purchaseRecords);
}

/** The report's records with its carts from `cartsOf` and its purchases from `purchasesOf` (their records, or their fact tables). */
export async function loadAbandonmentWith<C extends ReportCart, P extends ReportPurchase>(client: MirroredClient, params: ReportParams, given: LoadOptions, cartsOf: CartsOf<C>, purchasesOf: PurchasesOf<P>): Promise<AbandonmentRecords<C, P>> {
  const options = withReportDeadline(client, given);
  const window = utcFetchWindow(params.from, params.to, params.tz);
  // Carts, purchases and the offers catalog side by side, within the credential's rate limit.
  const [carts, fetched] = await Promise.all([cartsOf(client, params, window, options), purchasesOf(client, params, window, options)]);
  const decided = await currencyAssumptionFor(client, [...fetched.offered, ...carts.offered], options.currency, options.deadline);
  const placed = await fetched.placed(decided);
  return {
    carts: carts.carts,
    purchases: placed.purchases,
    // One rule for every figure, table and CSV: the offer's currency as the catalog or its purchases tell it.
    currencyOf: (cart) => (cart.offerCode ? decided.offers[cart.offerCode]?.currency : undefined),
    reports: [carts.report, fetched.report],
    currency: { ...decided, tally: placed.tally },
    assumedCurrencyRecords: placed.assumed,
  };
}
