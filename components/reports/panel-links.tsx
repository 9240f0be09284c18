"use client";

import type { ReactNode } from "react";
import type { KeyType } from "@/lib/auth/session-decision";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { ReportId } from "@/lib/reports/report-definitions";
import { CsvHrefScope, ExportScope, exportHref } from "./csv-link";

/**
 * What a report's panels may link to. Signed in: the report's export routes, the record tables,
 * the links to other ranges. A shared snapshot: only the caller's CSVs (`csvHref`, null for
 * none), and nothing that shows one record, loads anything, or leads to another report,
 * range or filter.
 */
export type PanelLinks = { shared: false } | { shared: true; csvHref: (dataset: string) => string | null };

export const SIGNED_IN_LINKS: PanelLinks = { shared: false };

/** What every report's panels take: the view, the report it answers, and what they may link to. */
export interface ReportPanelsProps<V> {
  view: V;
  params: ReportParams;
  query: string;
  keyType: KeyType;
  links: PanelLinks;
}

/** A panel's CSV href: the report's export route when signed in, the caller's (or none) when shared. */
export function panelCsvHref(report: ReportId, query: string, links: PanelLinks): (dataset: string) => string | null {
  return links.shared ? links.csvHref : (dataset) => exportHref(report, dataset, query);
}

/** The panels' CsvLinks follow `links`. */
export function PanelLinksScope({ report, query, links, children }: { report: ReportId; query: string; links: PanelLinks; children: ReactNode }) {
  return links.shared ? <CsvHrefScope href={links.csvHref}>{children}</CsvHrefScope> : <ExportScope report={report} query={query}>{children}</ExportScope>;
}
