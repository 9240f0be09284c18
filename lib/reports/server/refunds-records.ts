import "server-only";

// The records behind the Refunds & chargebacks report: the period's purchases (by sale date),
// and the refund and chargeback records, which the contract lists without their fields. When
// those endpoints answer 404 the report goes on with what purchases tell, and says so.
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { localRangeTest, utcFetchWindow } from "@/lib/analytics/local-days";
import type { FilterKey, ReportParams } from "@/lib/report-params/definitions";
import { errorKind, firstField, type GenericRecord, RESOURCES } from "@/lib/sales-api";
import { isoDay, shiftDay, type IsoDay } from "@/lib/calendar";
import { lossRowsOfRecords } from "@/lib/analytics/refund-kpis";
import { saleIdOf } from "@/lib/analytics/sale-losses";
import { matchesFilters, type FilterPickers } from "@/lib/reports/server/record-filters";
import { rangeOptions, withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";
import { loadReferencedSales, recordsNamingSales } from "@/lib/reports/server/referenced-sales";
import { withAssumedCurrency } from "@/lib/analytics/assumed-currency";
import type { Purchase } from "@/lib/sales-api";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

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

export type LossResource = "refunds" | "chargebacks";

export interface LossRecords {
  refunds: GenericRecord[] | null;
  chargebacks: GenericRecord[] | null;
  /** Endpoints that answered 404, refunds first. */
  unavailable: Array<"refunds" | "chargebacks">;
  /** The refunds' and chargebacks' fetches, in that order. */
  reports: RangeReport[];
}

/** The UTC days a period's loss records are fetched for: dated by sale, up to 61 days on (chargebacks come late), never after today. */
export function lossWindow(params: ReportParams): { from: IsoDay; to: IsoDay } {
  const window = utcFetchWindow(params.from, params.to, params.tz);
  const lookAhead = shiftDay(window.to, LOOK_AHEAD_DAYS);
  const today = isoDay(new Date());
  // Never before the range's own end, never after today (nothing has been requested yet).
  const lookAheadEnd = lookAhead < today ? lookAhead : today;
  return { from: window.from, to: params.dating === "sale" && lookAheadEnd > window.to ? lookAheadEnd : window.to };
}

/** Which fetched records are the period's, before any sale is placed: by request, those requested in the period; either way, the URL's filters. */
export function lossRecordTest(resource: LossResource, params: ReportParams): (r: GenericRecord) => boolean {
  const inRange = localRangeTest(params.from, params.to, params.tz);
  const dated = params.dating === "event" ? (r: GenericRecord) => { const at = firstField(r, RESOURCES[resource].filterColumns); return typeof at === "string" && inRange(at); } : () => true;
  return (r) => dated(r) && matchesFilters(r, params.filters, RECORD_FILTERS, { absentPasses: true });
}

/** Dated by sale, the records of the period's sales (`has`), and those naming none (saleIdOf: one rule for records and rows). */
export const ofPeriodSales = (id: number | null | undefined, has: (id: number) => boolean): boolean => id === null || id === undefined || has(id);

/** One list's records of the period (lossWindow, lossRecordTest), or null when its endpoint answers 404. */
export async function lossRecordsOf(client: MirroredClient, resource: LossResource, params: ReportParams, options: LoadOptions): Promise<{ records: GenericRecord[]; report: RangeReport } | null> {
  try {
    const { records, report } = await client.fetchRange(resource, lossWindow(params), rangeOptions(options));
    return { records: records.filter(lossRecordTest(resource, params)), report };
  } catch (error) {
    if (errorKind(error) !== "not_found") throw error;
    return null;
  }
}

/**
 * The period's refund and chargeback records, fetched side by side, after the URL's filters.
 * Dated by sale, `saleIds` (the period's sales) keeps the records of those sales; null keeps
 * every record, for a reader that places them on the period's sales itself.
 */
export async function loadLossRecords(client: MirroredClient, params: ReportParams, options: LoadOptions, saleIds: Promise<ReadonlySet<number>> | null): Promise<LossRecords> {
  return bothLossLists(async (resource) => {
    const loaded = await lossRecordsOf(client, resource, params, options);
    const ids = saleIds && params.dating === "sale" ? await saleIds : null;
    return loaded && { list: ids ? loaded.records.filter((r) => ofPeriodSales(saleIdOf(r), (id) => ids.has(id))) : loaded.records, report: loaded.report };
  });
}

/** Both lists loaded side by side (each null when its endpoint answered 404), with the 404s and the fetches' reports, refunds first whichever answered first. */
export async function bothLossLists<T>(load: (resource: LossResource) => Promise<{ list: T; report: RangeReport } | null>) {
  const [refunds, chargebacks] = await Promise.all([load("refunds"), load("chargebacks")]);
  return {
    refunds: refunds?.list ?? null,
    chargebacks: chargebacks?.list ?? null,
    unavailable: [...(refunds ? [] : ["refunds" as const]), ...(chargebacks ? [] : ["chargebacks" as const])],
    reports: [...(refunds ? [refunds.report] : []), ...(chargebacks ? [chargebacks.report] : [])],
  };
}

export async function loadRefundRecords(client: MirroredClient, params: ReportParams, given: LoadOptions = {}): Promise<RefundRecords> {
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
    const naming = recordsNamingSales(lossRowsOfRecords("refunds", refunds), lossRowsOfRecords("chargebacks", chargebacks));
    const referenced = await loadReferencedSales(client, naming, new Set(revenue.unfiltered.map((p) => p.purchaseId)), today, options);
    known = [...revenue.unfiltered, ...withAssumedCurrency(referenced.purchases, revenue.currency).records];
    reports.push(...referenced.reports);
  }
  // The notes in a fixed order whichever fetch ended first: purchases, refunds, chargebacks, the sales they name.
  const order = (resource: string) => ["refunds", "chargebacks", "purchases"].indexOf(resource);
  reports.sort((a, b) => order(a.resource) - order(b.resource));
  return { purchases: revenue.current, unfiltered: revenue.unfiltered, known, refunds, chargebacks, unavailable, reports: [...revenue.reports, ...reports], currency: revenue.currency, assumedCurrencyRecords: revenue.assumedCurrencyRecords };
}
