import type { ComponentType } from "react";
import type { ReportId } from "@/lib/reports/report-definitions";
import type { ReportPanelsProps } from "./panel-links";

/** Loads a report's panels module (a chunk of its own) and answers its panels. */
export type PanelsLoader = () => Promise<ComponentType<ReportPanelsProps<never>>>;

// The one list of every report's panels on the browser's side, as the registry
// (lib/reports/server/report-registry.ts) is on the server's: the report's screen draws them over
// its view, a share link's page over the snapshot's. Each import stays written out: it is how the
// bundler makes each report's panels a chunk of their own, out of every page's first load.
export const REPORT_PANELS: Record<ReportId, PanelsLoader> = {
  revenue: () => import("./revenue/revenue-panels").then((m) => m.RevenuePanels),
  orders: () => import("./orders/orders-panels").then((m) => m.OrdersPanels),
  abandonment: () => import("./abandonment/abandonment-panels").then((m) => m.AbandonmentPanels),
  refunds: () => import("./refunds/refunds-panels").then((m) => m.RefundsPanels),
  affiliates: () => import("./affiliates/affiliates-panels").then((m) => m.AffiliatesPanels),
};
