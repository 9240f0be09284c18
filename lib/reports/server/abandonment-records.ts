import "server-only";

// The records behind the Abandonment report: carts by the local day their session started,
// the purchases of the same days (checkouts that did not abandon), and each offer's currency,
// which carts do not carry.
import { offerCurrencyOf, type CartCurrencyOf } from "@/lib/analytics/abandonment-currency";
import { inLocalRange, utcFetchWindow } from "@/lib/analytics/time-buckets";
import type { ReportParams } from "@/lib/report-params/definitions";
import { withAssumedCurrency, type CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { currencyAssumptionFor } from "@/lib/reports/server/currency-assumption";
import { matchesFilters, type FilterPickers } from "@/lib/reports/server/record-filters";
import { rangeOptions, withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import { log } from "@/lib/log/server-log";
import { errorKind, SalesApiError, type AbandonedCart, type Deadline, type GenericRecord, type Purchase, type RangeReport, type SalesApiClient } from "@/lib/sales-api";

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

/** The offers catalog, unless the report's deadline passes first (the request goes on, and is cached for the next load). */
async function offersWithin(client: SalesApiClient, deadline: Deadline): Promise<GenericRecord[]> {
  if (deadline.passed) return [];
  const timedOut = new Promise<[]>((resolve) => deadline.signal.addEventListener("abort", () => resolve([]), { once: true }));
  return Promise.race([client.fetchCatalog("offers").then((answer) => answer.records), timedOut]);
}

/** Each cart's currency by its offer, from purchases of the range and the catalog (its records, or the error it failed with). */
function offerCurrencies(purchases: readonly Purchase[], offers: GenericRecord[] | unknown): CartCurrencyOf<{ offerCode?: string | null }> {
  const sources: Array<{ offerCode?: string | null; currency?: string | null }> = [...purchases];
  if (Array.isArray(offers)) {
    for (const offer of offers as GenericRecord[]) {
      if (typeof offer.offerCode === "string" && typeof offer.currency === "string") sources.push({ offerCode: offer.offerCode, currency: offer.currency });
    }
  } else {
    // The catalog is optional (its fields are not in the contract): purchases alone still name most offers.
    log("warn", { event: "catalog_unavailable", kind: errorKind(offers), correlationId: offers instanceof SalesApiError ? offers.correlationId : null, correlationSource: "upstream" });
  }
  // One rule for every figure, table and CSV: an offer sold in two currencies leaves its carts unknown.
  return offerCurrencyOf(sources);
}

export async function loadAbandonmentRecords(client: SalesApiClient, params: ReportParams, given: LoadOptions = {}): Promise<AbandonmentRecords> {
  const options = withReportDeadline(client, given);
  const window = utcFetchWindow(params.from, params.to, params.tz);
  // Carts, purchases and the offers catalog side by side, within the credential's rate limit.
  const catalog = offersWithin(client, options.deadline).catch((error: unknown) => error);
  const [carts, fetched] = await Promise.all([client.fetchRange("abandoned-carts", window, rangeOptions(options)), client.fetchRange("purchases", window, rangeOptions(options))]);
  const currency = await currencyAssumptionFor(client, fetched.records, options.currency);
  const assumed = withAssumedCurrency(fetched.records, currency.currency);
  const purchases = { ...fetched, records: assumed.records };
  const inRange = (ts: string) => inLocalRange(ts, params.from, params.to, params.tz);
  const keptPurchases = purchases.records.filter((p) => inRange(p.checkoutInitializedAt) && matchesFilters(p, params.filters, PURCHASE_FILTERS));
  return {
    carts: carts.records.filter((c) => inRange(c.sessionInitializedAt) && matchesFilters(c, params.filters, CART_FILTERS)),
    purchases: keptPurchases,
    currencyOf: offerCurrencies(purchases.records, await catalog),
    reports: [carts.report, purchases.report],
    currency,
    assumedCurrencyRecords: assumed.assumed,
  };
}
