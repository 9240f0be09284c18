// A saved view as the browser sees it: the link it opens, and what deletes it.
import type { ReportId } from "@/lib/reports/report-definitions";

export interface SavedViewItem {
  id: string;
  name: string;
  report: ReportId;
  query: string;
}

export const savedViewHref = (view: Pick<SavedViewItem, "report" | "query">) => `/${view.report}?${view.query}`;
