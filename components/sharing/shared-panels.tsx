"use client";

import { AffiliatesPanels } from "@/components/reports/affiliates/affiliates-panels";
import { AbandonmentPanels, type AbandonmentPanelsView } from "@/components/reports/abandonment/abandonment-panels";
import { OrdersPanels, type OrdersPanelsView } from "@/components/reports/orders/orders-panels";
import type { PanelLinks } from "@/components/reports/panel-links";
import { RefundsPanels, type RefundsPanelsView } from "@/components/reports/refunds/refunds-panels";
import { RevenuePanels, type RevenuePanelsView } from "@/components/reports/revenue/revenue-panels";
import type { AffiliatesView } from "@/lib/reports/report-views";
import type { ReportParams } from "@/lib/report-params/definitions";
import { reportQuery } from "@/lib/report-params/parse";
import type { SharedSnapshot } from "@/lib/sharing/shared-snapshot";

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
