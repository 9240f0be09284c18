import "server-only";

// The records behind the Abandonment report: carts by the local day their session started,
// the purchases of the same days (checkouts that did not abandon), and each offer's currency,
// which carts do not carry.
import { inLocalRange, utcFetchWindow } from "@/lib/analytics/time-buckets";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { AbandonedCart, Purchase, RangeReport, SalesApiClient } from "@/lib/sales-api";
import type { LoadOptions } from "./revenue-records";

export interface AbandonmentRecords {
  carts: AbandonedCart[];
  purchases: Purchase[];
  currencyOfOffer: Map<string, string>;
  reports: RangeReport[];
}

const CART_FILTERS: Array<[keyof ReportParams["filters"], (c: AbandonedCart) => string | null | undefined]> = [
  ["product", (c) => c.productName],
  ["offer", (c) => c.offerCode],
  ["method", (c) => c.paymentMethod],
  ["psp", (c) => c.psp || "none"],
  ["brand", (c) => c.cardBrand || "none"],
  ["country", (c) => c.shippingCountry],
];

const PURCHASE_FILTERS: Array<[keyof ReportParams["filters"], (p: Purchase) => string | null | undefined]> = [
  ["product", (p) => p.productName],
  ["offer", (p) => p.offerCode],
  ["method", (p) => p.paymentMethod],
  ["psp", (p) => p.psp || "none"],
  ["brand", (p) => p.cardBrand || "none"],
  ["country", (p) => p.billingCountry],
];

function matches<T>(record: T, params: ReportParams, filters: Array<[keyof ReportParams["filters"], (r: T) => string | null | undefined]>): boolean {
  return filters.every(([key, pick]) => params.filters[key].length === 0 || params.filters[key].includes(pick(record) ?? ""));
}

/** Offer code → currency, from the catalog where it says so and from purchases of the range. */
async function offerCurrencies(client: SalesApiClient, purchases: readonly Purchase[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const p of purchases) if (p.offerCode && p.currency) map.set(p.offerCode, p.currency);
  try {
    const { records } = await client.fetchCatalog("offers");
    for (const offer of records) {
      if (typeof offer.offerCode === "string" && typeof offer.currency === "string") map.set(offer.offerCode, offer.currency.toLowerCase());
    }
  } catch {
    // The catalog's fields are not in the contract: purchases alone still name most offers.
  }
  return map;
}

export async function loadAbandonmentRecords(client: SalesApiClient, params: ReportParams, options: LoadOptions = {}): Promise<AbandonmentRecords> {
  const window = utcFetchWindow(params.from, params.to, params.tz);
  const carts = await client.fetchRange("abandoned-carts", window, options);
  const purchases = await client.fetchRange("purchases", window, options);
  const inRange = (ts: string) => inLocalRange(ts, params.from, params.to, params.tz);
  const keptPurchases = purchases.records.filter((p) => inRange(p.checkoutInitializedAt) && matches(p, params, PURCHASE_FILTERS));
  return {
    carts: carts.records.filter((c) => inRange(c.sessionInitializedAt) && matches(c, params, CART_FILTERS)),
    purchases: keptPurchases,
    currencyOfOffer: await offerCurrencies(client, purchases.records),
    reports: [carts.report, purchases.report],
  };
}
