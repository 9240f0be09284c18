"use client";

import dynamic from "next/dynamic";
import type { ComponentType } from "react";
import type { PanelLinks, ReportPanelsProps } from "@/components/reports/panel-links";
import { REPORT_PANELS } from "@/components/reports/report-panels";
import type { ReportId } from "@/lib/reports/report-definitions";
import type { ReportParams } from "@/lib/report-params/definitions";
import { reportQuery } from "@/lib/report-params/parse";
import type { SharedSnapshot } from "@/lib/sharing/shared-snapshot";

// One report's panels per link, from the registry of every report's panels: each is a chunk of
// its own, rendered on the server, and only the shared report's chunk is loaded by the page.
const SHARED_PANELS = Object.fromEntries(Object.entries(REPORT_PANELS).map(([id, load]) => [id, dynamic(load)])) as Record<ReportId, ComponentType<ReportPanelsProps<never>>>;

// The report's own panels over a snapshot's view, in their shared form: CSVs from the link,
// no record table, nothing that loads or leads elsewhere (components/reports/panel-links).
export function SharedPanels({ snapshot, params, csvHref }: { snapshot: SharedSnapshot; params: ReportParams; csvHref: (dataset: string) => string | null }) {
  const links: PanelLinks = { shared: true, csvHref };
  const Panels = SHARED_PANELS[snapshot.report];
  return <Panels view={snapshot.view as never} params={params} query={reportQuery(params)} keyType={snapshot.keyType} links={links} />;
}
