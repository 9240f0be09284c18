import "server-only";

// The purchases behind a Revenue report: fetched for the UTC days that cover the local range
// (and its comparison period), then kept to the local days and the URL's filters.
import { inLocalRange, utcFetchWindow } from "@/lib/analytics/time-buckets";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { Purchase } from "@/lib/sales-api";
import { comparisonRange } from "@/lib/analytics/compare";
import { filterPurchases, type PurchaseFilters } from "@/lib/analytics/filters";
import { withAssumedCurrency, type CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { currencyAssumptionFor } from "@/lib/reports/server/currency-assumption";
import { rangeOptions, withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export type { LoadOptions } from "@/lib/reports/server/load-options";

export interface RevenueRecords {
  current: Purchase[];
  /** Every purchase of the range before the URL's filters: the filters' choices come from here. */
  unfiltered: Purchase[];
  comparison: Purchase[] | null;
  comparisonRange: { from: string; to: string } | null;
  /** The fetches of the shown period. */
  reports: RangeReport[];
  /** The fetches of the comparison period; null without one. */
  comparisonReports: RangeReport[] | null;
  /** The currency of records that came without one, and how many of the range did. */
  currency: CurrencyAssumption;
  assumedCurrencyRecords: number;
}

/** The URL's filters as the purchases' dimensions (also the purchases CSV's, purchase-csv-rows.ts). */
export function purchaseFiltersOf(params: ReportParams): PurchaseFilters {
  return {
    product: params.filters.product,
    offer: params.filters.offer,
    purchaseType: params.filters.type,
    paymentMethod: params.filters.method,
    psp: params.filters.psp,
    cardBrand: params.filters.brand,
    country: params.filters.country,
    affiliate: params.filters.affiliate,
  };
}

async function purchasesOfLocalRange(client: MirroredClient, range: { from: string; to: string }, tz: string, options: LoadOptions) {
  const window = utcFetchWindow(range.from, range.to, tz);
  const { records, report } = await client.fetchRange("purchases", window, rangeOptions(options));
  // checkoutInitializedAt is the column the API filters on: the report places sales by it too.
  return { records: records.filter((p) => inLocalRange(p.checkoutInitializedAt, range.from, range.to, tz)), report };
}

export async function loadRevenueRecords(client: MirroredClient, params: ReportParams, given: LoadOptions = {}): Promise<RevenueRecords> {
  const options = withReportDeadline(client, given);
  const compareRange = params.compare === "none" ? null : comparisonRange(params, params.compare);
  // Both periods are fetched side by side, within the credential's rate limit.
  const [fetched, fetchedBefore] = await Promise.all([
    purchasesOfLocalRange(client, params, params.tz, options),
    compareRange ? purchasesOfLocalRange(client, compareRange, params.tz, options) : null,
  ]);
  // Records of the same offer in either period may tell the currency of those without one.
  const decided = await currencyAssumptionFor(client, fetchedBefore ? [...fetched.records, ...fetchedBefore.records] : fetched.records, options.currency, options.deadline);
  const placed = withAssumedCurrency(fetched.records, decided);
  const current = { ...fetched, ...placed };
  const currency = { ...decided, tally: placed.tally };
  const previous = fetchedBefore && { ...fetchedBefore, records: withAssumedCurrency(fetchedBefore.records, decided).records };
  const filters = purchaseFiltersOf(params);
  return {
    current: filterPurchases(current.records, filters),
    unfiltered: current.records,
    comparison: previous ? filterPurchases(previous.records, filters) : null,
    comparisonRange: compareRange,
    reports: [current.report],
    comparisonReports: previous ? [previous.report] : null,
    currency,
    assumedCurrencyRecords: current.assumed,
  };
}
