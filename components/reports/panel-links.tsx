"use client";

import type { ReactNode } from "react";
import type { KeyType } from "@/lib/auth/session-decision";
import type { ReportParams } from "@/lib/report-params/definitions";
import { exportHref, type ReportId } from "@/lib/reports/report-definitions";
import { CsvHrefScope, ExportScope } from "./csv-link";

/**
 * A shared snapshot's CSV hrefs: a function (null: no link), or, from a server component (a
 * function cannot cross to the browser), the hrefs by dataset name (a name absent: no link).
 */
export type SharedCsvHrefs = ((dataset: string) => string | null) | Readonly<Record<string, string>>;

/**
 * What a report's panels may link to. Signed in: the report's export routes, the record tables,
 * the links to other ranges. A shared snapshot: only the caller's CSVs (`csvHref`), and nothing
 * that shows one record, loads anything, or leads to another report, range or filter.
 */
export type PanelLinks = { shared: false } | { shared: true; csvHref: SharedCsvHrefs };

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
  if (!links.shared) return (dataset) => exportHref(report, dataset, query);
  const hrefs = links.csvHref;
  return typeof hrefs === "function" ? hrefs : (dataset) => (Object.prototype.hasOwnProperty.call(hrefs, dataset) ? (hrefs[dataset] ?? null) : null);
}

/** The panels' CsvLinks follow `links`. */
export function PanelLinksScope({ report, query, links, children }: { report: ReportId; query: string; links: PanelLinks; children: ReactNode }) {
  return links.shared ? <CsvHrefScope href={panelCsvHref(report, query, links)}>{children}</CsvHrefScope> : <ExportScope report={report} query={query}>{children}</ExportScope>;
}
