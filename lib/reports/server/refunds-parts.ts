import "server-only";

// What a Refunds & chargebacks view is made of, whether the period's purchases were read from
// the records (refunds-report.ts) or summed by the purchases fact table (refunds-facts.ts).
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import type { CurrencyBreakdown } from "@/lib/analytics/breakdowns";
import type { DayRange } from "@/lib/analytics/compare";
import type { OfferChoice } from "@/lib/reports/offer-choices";
import type { RefundKpis } from "@/lib/analytics/refund-kpis";
import type { FilterKey } from "@/lib/report-params/definitions";
import type { EventFigureRow } from "@/lib/store/event-fact-store";
import type { GenericColumn } from "@/lib/reports/generic-columns";
import type { LossResource } from "@/lib/reports/server/refunds-records";
import type { RangeReport } from "@/lib/mirror/range-types";

/** The breakdowns of refunded purchases, in the order the page lists them. */
export const REFUND_BREAKDOWNS = ["product", "offer", "purchaseType", "paymentMethod", "psp"] as const;

/**
 * A list's rows, and its records table's columns when asked: from the tables they are read off the
 * newest records (refunds-loss-rows.ts), a few hundred ms at scale 20 that the view spends beside
 * the delivery panels', and that the alerts, which list no record, do not spend.
 */
export interface LossTable { rows: EventFigureRow[]; columns: () => Promise<GenericColumn[]> }

export interface RefundsParts {
  comparison: DayRange | null;
  comparisonDataFrom: string | null;
  /** Both periods' KPIs, every currency. */
  figures: RefundKpis[];
  previous: RefundKpis[] | null;
  /** The refunded purchases by each breakdown, every currency. */
  split: Record<(typeof REFUND_BREAKDOWNS)[number], CurrencyBreakdown[]>;
  /** The period's refund and chargeback records (dated as the report is) as fact rows, and their table's columns; null when the endpoint answered 404. */
  refunds: LossTable | null;
  chargebacks: LossTable | null;
  unavailable: LossResource[];
  /** What each filter can take in the period, before filtering. */
  filterOptions: Partial<Record<FilterKey, string[]>>;
  offers: OfferChoice[];
  /** Dated by request: records whose sale could not be found; null dated by sale. */
  unmatched: number | null;
  reports: { current: RangeReport[]; comparison: RangeReport[] | null };
  currency: CurrencyAssumption;
  assumedCurrencyRecords: number;
}
