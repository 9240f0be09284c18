// What the browser receives for a Revenue report: aggregates and the visible rows only,
// computed on the server. An affiliate's view carries no creator-only figure at all.
import type { KeyType } from "@/lib/sales-api";
import type { FilterKey, Granularity } from "@/lib/report-params/definitions";
import type { CurrencyKpis } from "@/lib/reports/kpi-cards";
import type { ReportQuality } from "@/lib/reports/report-quality";
import type { OfferChoice } from "@/lib/reports/offer-choices";

export type { CurrencyKpis, KpiItem, ValueKind } from "@/lib/reports/kpi-cards";

export interface SeriesPoint { bucket: string; amount: number; count: number; previousAmount: number | null; previousBucket: string | null }
export interface CurrencySeries { currency: string; points: SeriesPoint[] }
/** `key` is the API's code (an offer's offerCode); `name` an offer's name, shown beside its code. */
export interface BreakdownRow { key: string; name?: string; count: number; amount: number; share: number }
/** `id` is the dimension (product, offer, ...): the page words its title. */
export interface Breakdown { id: string; currency: string; rows: BreakdownRow[] }
export interface AttachRate { type: string; orders: number; rate: number | null }
export interface CurrencyAttach { currency: string; frontOrders: number; rates: AttachRate[] }
/** The row after the last week: what becomes available later. */
export const FUNDS_LATER = "later";
/** `week`: "available" (already due), the Monday (YYYY-MM-DD) of a week, or FUNDS_LATER. */
export interface FundsWeek { week: string; amount: number }
export interface CurrencyFunds { currency: string; weeks: FundsWeek[] }
export interface TableRow { id: string; createdAt: string; product: string; offer: string; offerName: string; type: string; method: string; psp: string; cardBrand: string; country: string; amount: string; currency: string; customer: string; email: string }

export interface RevenueView {
  keyType: KeyType;
  range: { from: string; to: string; tz: string; granularity: Granularity };
  comparison: { from: string; to: string } | null;
  /** Set when the comparison period starts before the account's data: its first day with data. */
  comparisonDataFrom: string | null;
  currencies: string[];
  kpis: CurrencyKpis[];
  series: CurrencySeries[];
  breakdowns: Breakdown[];
  attach: CurrencyAttach[];
  funds: CurrencyFunds[];
  /** How many weeks the funds table lists before its FUNDS_LATER row. */
  fundsWeeks: number;
  /** The table's rows come a page at a time from /api/reports/revenue/rows/purchases. */
  rows: { total: number };
  filterOptions: Record<FilterKey, string[]>;
  /** The Offer filter's choices in words: each offer's name and products (lib/reports/offer-choices.ts). */
  offers: OfferChoice[];
  quality: ReportQuality;
  includesToday: boolean;
}
