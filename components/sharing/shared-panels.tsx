"use client";

import dynamic from "next/dynamic";
import type { AbandonmentPanelsView } from "@/components/reports/abandonment/abandonment-panels";
import type { OrdersPanelsView } from "@/components/reports/orders/orders-panels";
import type { PanelLinks } from "@/components/reports/panel-links";
import type { RefundsPanelsView } from "@/components/reports/refunds/refunds-panels";
import type { RevenuePanelsView } from "@/components/reports/revenue/revenue-panels";
import type { AffiliatesView } from "@/lib/reports/report-views";
import type { ReportParams } from "@/lib/report-params/definitions";
import { reportQuery } from "@/lib/report-params/parse";
import type { SharedSnapshot } from "@/lib/sharing/shared-snapshot";

// One report's panels per link: each is a chunk of its own, rendered on the server as before, and
// only the shared report's chunk is in the page's first load (not all five reports').
const RevenuePanels = dynamic(() => import("@/components/reports/revenue/revenue-panels").then((m) => m.RevenuePanels));
const OrdersPanels = dynamic(() => import("@/components/reports/orders/orders-panels").then((m) => m.OrdersPanels));
const AbandonmentPanels = dynamic(() => import("@/components/reports/abandonment/abandonment-panels").then((m) => m.AbandonmentPanels));
const RefundsPanels = dynamic(() => import("@/components/reports/refunds/refunds-panels").then((m) => m.RefundsPanels));
const AffiliatesPanels = dynamic(() => import("@/components/reports/affiliates/affiliates-panels").then((m) => m.AffiliatesPanels));

// The report's own panels over a snapshot's view, in their shared form: CSVs from the link,
// no record table, nothing that loads or leads elsewhere (components/reports/panel-links).
export function SharedPanels({ snapshot, params, csvHref }: { snapshot: SharedSnapshot; params: ReportParams; csvHref: (dataset: string) => string | null }) {
  const links: PanelLinks = { shared: true, csvHref };
  const common = { params, query: reportQuery(params), keyType: snapshot.keyType, links };
  switch (snapshot.report) {
    case "revenue": return <RevenuePanels view={snapshot.view as RevenuePanelsView} {...common} />;
    case "orders": return <OrdersPanels view={snapshot.view as OrdersPanelsView} {...common} />;
    case "abandonment": return <AbandonmentPanels view={snapshot.view as AbandonmentPanelsView} {...common} />;
    case "refunds": return <RefundsPanels view={snapshot.view as RefundsPanelsView} {...common} />;
    case "affiliates": return <AffiliatesPanels view={snapshot.view as AffiliatesView} {...common} />;
  }
}
