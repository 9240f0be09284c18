// What the browser receives for the Overview: a few figures per currency, made on the server.
// An affiliate's view has no abandonment at all (null), not an empty one.
import type { KeyType } from "@/lib/sales-api";
import type { CurrencyKpis } from "@/lib/reports/kpi-cards";
import type { ReportQuality } from "@/lib/reports/report-quality";
import type { CurrencyAmount } from "@/lib/analytics/funds-availability";
import type { RateStanding, TopRows } from "./overview-figures";
import type { OverviewWindows } from "./overview-windows";

export interface OverviewAbandoned { currency: string; carts: number; value: number }
export interface OverviewTop { dimension: "product" | "offer"; perCurrency: TopRows[] }

export interface OverviewView {
  keyType: KeyType;
  windows: OverviewWindows;
  /** Net revenue (creator) or commission (affiliate) and purchases, today so far against a week ago. */
  today: CurrencyKpis[];
  /** The upstream did not answer for today (too slow, or down): today has no figures (`today` is empty), not zeros. */
  todayUnread: boolean;
  /** The same figures over the last 30 days against the 30 before. */
  last30: CurrencyKpis[];
  /** Refund rate by count and chargeback rate, by sale date, against the 30 days before. */
  rates: CurrencyKpis[];
  chargebackStanding: Record<string, RateStanding | null>;
  funds: CurrencyAmount[];
  abandoned: OverviewAbandoned[] | null;
  top: OverviewTop[];
  quality: ReportQuality;
}
