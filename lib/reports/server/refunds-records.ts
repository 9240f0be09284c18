import "server-only";

// The records behind the Refunds & chargebacks report: the period's purchases (by sale date),
// and the refund and chargeback records, which the contract lists without their fields. When
// those endpoints answer 404 the report goes on with what purchases tell, and says so.
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { localRangeTest, utcFetchWindow } from "@/lib/analytics/local-days";
import type { FilterKey, ReportParams } from "@/lib/report-params/definitions";
import { errorKind, RESOURCES, type GenericRecord, type RangeReport, type SalesApiClient } from "@/lib/sales-api";
import { firstField } from "@/lib/sales-api/resources";
import { isoDay, shiftDay } from "@/lib/calendar";
import { matchesFilters, type FilterPickers } from "@/lib/reports/server/record-filters";
import { rangeOptions, withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";
import { loadReferencedSales, recordsNamingSales } from "@/lib/reports/server/referenced-sales";
import { withAssumedCurrency } from "@/lib/analytics/assumed-currency";
import type { Purchase } from "@/lib/sales-api";

export interface RefundRecords {
  purchases: Purchase[];
  /** The period's purchases before the URL's filters: what the filter bar offers. */
  unfiltered: Purchase[];
  /**
   * Dated by request: every sale the records may name, the period's before the URL's filters
   * and those of other days looked up (referenced-sales.ts). Empty dated by sale.
   */
  known: Purchase[];
  refunds: GenericRecord[] | null;
  chargebacks: GenericRecord[] | null;
  /** Endpoints that answered 404. */
  unavailable: Array<"refunds" | "chargebacks">;
  reports: RangeReport[];
  /** The currency of purchases that came without one, and how many did. */
  currency: CurrencyAssumption;
  assumedCurrencyRecords: number;
}

// Chargebacks arrive up to about two months after the sale: a sale-dated report looks that far on.
const LOOK_AHEAD_DAYS = 61;

const field = (name: string) => (r: GenericRecord) => (r[name] === undefined ? undefined : String(r[name] || "none"));
// The filters both purchases and these records answer; the filter bar offers only these.
export const REFUND_FILTER_KEYS = ["product", "offer", "type", "method", "psp", "affiliate"] as const satisfies readonly FilterKey[];
const RECORD_FILTERS: FilterPickers<GenericRecord> = { product: field("productName"), offer: field("offerCode"), type: field("purchaseType"), method: field("paymentMethod"), psp: field("psp"), affiliate: field("affiliateName") };

export interface LossRecords {
  refunds: GenericRecord[] | null;
  chargebacks: GenericRecord[] | null;
  /** Endpoints that answered 404, refunds first. */
  unavailable: Array<"refunds" | "chargebacks">;
  /** The refunds' and chargebacks' fetches, in that order. */
  reports: RangeReport[];
}

/**
 * The period's refund and chargeback records, fetched side by side, after the URL's filters.
 * Dated by sale, `saleIds` (the period's sales) keeps the records of those sales; null keeps
 * every record, for a reader that places them on the period's sales itself (the Affiliates
 * report from the purchases fact table counts only the disputed sales it holds in the range).
 */
export async function loadLossRecords(client: SalesApiClient, params: ReportParams, options: LoadOptions, saleIds: Promise<ReadonlySet<number>> | null): Promise<LossRecords> {
  const window = utcFetchWindow(params.from, params.to, params.tz);
  const today = isoDay(new Date());
  const lookAhead = shiftDay(window.to, LOOK_AHEAD_DAYS);
  // Never before the range's own end, never after today (nothing has been requested yet).
  const lookAheadEnd = lookAhead < today ? lookAhead : today;
  const to = params.dating === "sale" && lookAheadEnd > window.to ? lookAheadEnd : window.to;
  const inRange = localRangeTest(params.from, params.to, params.tz);
  const unavailable: LossRecords["unavailable"] = [];
  const reports: RangeReport[] = [];
  const load = async (resource: "refunds" | "chargebacks") => {
    try {
      const { records, report } = await client.fetchRange(resource, { from: window.from, to }, rangeOptions(options));
      reports.push(report);
      const ids = saleIds ? await saleIds : null;
      // By request: the records requested in the period. By sale: the records of the period's sales.
      const dated = params.dating === "event"
        ? records.filter((r) => { const at = firstField(r, RESOURCES[resource].filterColumns); return typeof at === "string" && inRange(at); })
        : ids ? records.filter((r) => r.purchaseId === undefined || ids.has(Number(r.purchaseId))) : records;
      return dated.filter((r) => matchesFilters(r, params.filters, RECORD_FILTERS, { absentPasses: true }));
    } catch (error) {
      if (errorKind(error) !== "not_found") throw error;
      unavailable.push(resource);
      return null;
    }
  };
  const [refunds, chargebacks] = await Promise.all([load("refunds"), load("chargebacks")]);
  reports.sort((a, b) => (a.resource === b.resource ? 0 : a.resource === "refunds" ? -1 : 1));
  return { refunds, chargebacks, unavailable: unavailable.sort((a, b) => (a === b ? 0 : a === "refunds" ? -1 : 1)), reports };
}

export async function loadRefundRecords(client: SalesApiClient, params: ReportParams, given: LoadOptions = {}): Promise<RefundRecords> {
  const options = withReportDeadline(client, given);
  // The period's purchases, refunds and chargebacks are fetched side by side.
  const loadingRevenue = loadRevenueRecords(client, { ...params, compare: "none" }, options);
  const saleIdsOf = loadingRevenue.then((revenue) => new Set(revenue.current.map((p) => p.purchaseId)));
  saleIdsOf.catch(() => undefined);
  const [revenue, losses] = await Promise.all([loadingRevenue, loadLossRecords(client, params, options, saleIdsOf)]);
  const { refunds, chargebacks, unavailable } = losses;
  const reports = [...losses.reports];
  const today = isoDay(new Date());
  let known: Purchase[] = [];
  if (params.dating === "event") {
    const referenced = await loadReferencedSales(client, recordsNamingSales(refunds, chargebacks), new Set(revenue.unfiltered.map((p) => p.purchaseId)), today, options);
    known = [...revenue.unfiltered, ...withAssumedCurrency(referenced.purchases, revenue.currency).records];
    reports.push(...referenced.reports);
  }
  // The notes in a fixed order whichever fetch ended first: purchases, refunds, chargebacks, the sales they name.
  const order = (resource: string) => ["refunds", "chargebacks", "purchases"].indexOf(resource);
  reports.sort((a, b) => order(a.resource) - order(b.resource));
  return { purchases: revenue.current, unfiltered: revenue.unfiltered, known, refunds, chargebacks, unavailable, reports: [...revenue.reports, ...reports], currency: revenue.currency, assumedCurrencyRecords: revenue.assumedCurrencyRecords };
}
