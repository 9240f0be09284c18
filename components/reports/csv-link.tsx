"use client";

import { useTranslations } from "next-intl";
import { createContext, useContext, type ReactNode } from "react";
import { exportHref, type ReportId } from "@/lib/reports/report-definitions";
import { outlineButton } from "@/components/ui/button-style";

// Where the panels on screen link their CSVs: the export route of the report and query they
// belong to (while a new range loads, the previous one's: a panel's CSV holds what the panel
// shows), given by ReportScreen; or, for a shared snapshot, the caller's links (null: none).
type CsvHref = (dataset: string) => string | null;
const ExportContext = createContext<CsvHref | null>(null);

export function ExportScope({ report, query, children }: { report: ReportId; query: string; children: ReactNode }) {
  return <ExportContext.Provider value={(dataset) => exportHref(report, dataset, query)}>{children}</ExportContext.Provider>;
}

/** The panels' CSV links as `href` says: a shared snapshot's own downloads, or none where it answers null. */
export function CsvHrefScope({ href, children }: { href: CsvHref; children: ReactNode }) {
  return <ExportContext.Provider value={href}>{children}</ExportContext.Provider>;
}

/** The CSV of one panel: the whole filtered range of what the panel shows. */
export function CsvLink({ dataset, label = "CSV" }: { dataset: string; label?: string }) {
  const href = useContext(ExportContext)?.(dataset);
  if (!href) return null;
  return (
    <a className="text-xs font-medium underline underline-offset-2" href={href} data-testid={`csv-${dataset}`}>
      {label}
    </a>
  );
}

/** "Download all (ZIP of CSVs)" of a report, for the URL's report; `label` for a report's own wording. */
export function DownloadAll({ report, query, label }: { report: ReportId; query: string; label?: string }) {
  const t = useTranslations("report.csv");
  return (
    <a className={outlineButton("md")} href={exportHref(report, "all", query)} data-testid="download-all">
      {label ?? t("downloadAll")}
    </a>
  );
}
