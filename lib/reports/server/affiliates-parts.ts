import "server-only";

// What an Affiliates view is made of, whether the purchases were summed from the records
// (affiliates-report.ts) or by the purchases fact table (affiliates-facts.ts).
import type { AffiliateBlock } from "@/lib/analytics/affiliate-leaderboard";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import type { DayRange } from "@/lib/analytics/compare";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { RefundRecords } from "@/lib/reports/server/refunds-records";
import type { RangeReport } from "@/lib/mirror/range-types";

export interface AffiliatesParts {
  comparison: DayRange | null;
  /** The comparison period's first day with data when it starts before the account's data. */
  comparisonDataFrom: string | null;
  /** Every currency's block, before the URL's currency and affiliates narrow them. */
  blocks: AffiliateBlock[];
  /** Sales in the range, every currency, with an affiliate or not. */
  sales: number;
  unavailable: RefundRecords["unavailable"];
  reports: { current: RangeReport[]; comparison: RangeReport[] | null };
  currency: CurrencyAssumption;
  assumedCurrencyRecords: number;
}

/** Sale dating whatever the URL says, and no affiliate filter: what both paths load. */
export function affiliatesLoadParams(params: ReportParams): ReportParams {
  // Sale dating: a rate divides the period's sales' refunds by those sales.
  // An affiliate named in the URL narrows the rows, never the account's rates they are judged by.
  return { ...params, dating: "sale", filters: { ...params.filters, affiliate: [] } };
}
