import "server-only";

// The records behind the Abandonment report: carts by the local day their session started,
// the purchases of the same days (checkouts that did not abandon), and each offer's currency,
// which carts do not carry.
import type { CartCurrencyOf } from "@/lib/analytics/abandonment-currency";
import { inLocalRange, utcFetchWindow } from "@/lib/analytics/time-buckets";
import type { ReportParams } from "@/lib/report-params/definitions";
import { withAssumedCurrency, type CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { currencyAssumptionFor } from "@/lib/reports/server/currency-assumption";
import { matchesFilters, type FilterPickers } from "@/lib/reports/server/record-filters";
import { rangeOptions, withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import type { AbandonedCart, Purchase, RangeReport, SalesApiClient } from "@/lib/sales-api";

export interface AbandonmentRecords {
  carts: AbandonedCart[];
  purchases: Purchase[];
  /** A cart's currency by its offer; undefined (unknown) for an offer never seen, or seen in two currencies. */
  currencyOf: CartCurrencyOf<{ offerCode?: string | null }>;
  reports: RangeReport[];
  /** The currency of purchases that came without one (the comparison period reuses it)... */
  currency: CurrencyAssumption;
  /** ...and how many of the range's purchases took it. */
  assumedCurrencyRecords: number;
}

const CART_FILTERS: FilterPickers<AbandonedCart> = {
  product: (c) => c.productName,
  offer: (c) => c.offerCode,
  method: (c) => c.paymentMethod,
  psp: (c) => c.psp || "none",
  brand: (c) => c.cardBrand || "none",
  country: (c) => c.shippingCountry,
};

const PURCHASE_FILTERS: FilterPickers<Purchase> = {
  product: (p) => p.productName,
  offer: (p) => p.offerCode,
  method: (p) => p.paymentMethod,
  psp: (p) => p.psp || "none",
  brand: (p) => p.cardBrand || "none",
  country: (p) => p.billingCountry,
};

export async function loadAbandonmentRecords(client: SalesApiClient, params: ReportParams, given: LoadOptions = {}): Promise<AbandonmentRecords> {
  const options = withReportDeadline(client, given);
  const window = utcFetchWindow(params.from, params.to, params.tz);
  // Carts, purchases and the offers catalog side by side, within the credential's rate limit.
  const [carts, fetched] = await Promise.all([client.fetchRange("abandoned-carts", window, rangeOptions(options)), client.fetchRange("purchases", window, rangeOptions(options))]);
  // Carts carry no currency: the carts of every offer are always to be told, purchases' or not.
  const offered = [...fetched.records, ...carts.records.map((c) => ({ offerCode: c.offerCode, currency: null }))];
  const decided = await currencyAssumptionFor(client, offered, options.currency, options.deadline);
  const assumed = withAssumedCurrency(fetched.records, decided);
  const currency = { ...decided, tally: assumed.tally };
  const purchases = { ...fetched, records: assumed.records };
  const inRange = (ts: string) => inLocalRange(ts, params.from, params.to, params.tz);
  const keptPurchases = purchases.records.filter((p) => inRange(p.checkoutInitializedAt) && matchesFilters(p, params.filters, PURCHASE_FILTERS));
  return {
    carts: carts.records.filter((c) => inRange(c.sessionInitializedAt) && matchesFilters(c, params.filters, CART_FILTERS)),
    purchases: keptPurchases,
    // One rule for every figure, table and CSV: the offer's currency as the catalog or its purchases tell it.
    currencyOf: (cart) => (cart.offerCode ? decided.offers[cart.offerCode]?.currency : undefined),
    reports: [carts.report, purchases.report],
    currency,
    assumedCurrencyRecords: assumed.assumed,
  };
}
