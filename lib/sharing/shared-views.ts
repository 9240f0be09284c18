// What a shared snapshot keeps of each report's view (shareable-view.ts makes it, the panels
// read it): the figures and charts, never the filters' choices, the record tables' counts and
// columns, or anything of one customer. Types only, for the server and the browser alike.
import type { AbandonmentView, AffiliatesView, OrdersView, RefundsView, RevenueView } from "@/lib/reports/report-views";
import type { ReportId } from "@/lib/reports/report-definitions";

export type SharedRevenueView = Omit<RevenueView, "filterOptions" | "offers" | "rows" | "includesToday">;
export type SharedOrdersView = Omit<OrdersView, "totals" | "filterOptions" | "offers">;
export type SharedAbandonmentView = Omit<AbandonmentView, "totalCarts" | "offers">;
export type SharedRefundsView = Omit<RefundsView, "refunds" | "chargebacks" | "filterOptions" | "offers">;
// Aggregates per affiliate only: the whole view is shareable.
export type SharedAffiliatesView = AffiliatesView;

export interface SharedViews {
  revenue: SharedRevenueView;
  orders: SharedOrdersView;
  abandonment: SharedAbandonmentView;
  refunds: SharedRefundsView;
  affiliates: SharedAffiliatesView;
}

export type SharedView<R extends ReportId = ReportId> = SharedViews[R];
