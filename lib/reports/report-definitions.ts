// The reports of the dashboard, for the server and the browser alike: where each lives, what
// it is called in English (files and logs; the pages' words are in the messages), and whether it
// needs a creator key. What each one fetches and computes is its module
// (lib/reports/<id>/server/report.ts); what it shows, components/reports/<id>.
/** Every report of a range and filters, by id (the schemas that accept a report read the server's registry instead). */
export const REPORT_IDS = ["revenue", "orders", "abandonment", "refunds", "affiliates"] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/** One of the reports of a range and filters (the shared report parameters). */
export type ReportDefinition = ReportPage & { id: ReportId; path: `/${ReportId}` };

export const REPORTS: readonly ReportDefinition[] = [
  { id: "revenue", path: "/revenue", label: "Revenue", creatorOnly: false },
  { id: "orders", path: "/orders", label: "Orders", creatorOnly: true },
  { id: "abandonment", path: "/abandonment", label: "Abandonment", creatorOnly: true },
  { id: "refunds", path: "/refunds", label: "Refunds & chargebacks", creatorOnly: false },
  { id: "affiliates", path: "/affiliates", label: "Affiliates", creatorOnly: true },
];

export function reportDefinition(id: ReportId): ReportDefinition {
  return REPORTS.find((r) => r.id === id)!;
}

/** Every page of the navigation, in its order: the Overview first (the page after sign-in, whose
 * figures lead to the reports), the payout calendar last (it looks ahead, where the reports look back). */
export const REPORT_PAGE_IDS = ["overview", ...REPORT_IDS, "payouts"] as const;
export type ReportPageId = (typeof REPORT_PAGE_IDS)[number];

export interface ReportPage {
  id: ReportPageId;
  path: `/${ReportPageId}`;
  /** Its name in English (file names, the ZIP's README); the pages' words are in the messages. */
  label: string;
  /** Affiliate keys get 403 from the page and every route of the report before any upstream request. */
  creatorOnly: boolean;
}

export const REPORT_PAGES: readonly ReportPage[] = [
  { id: "overview", path: "/overview", label: "Overview", creatorOnly: false },
  ...REPORTS,
  { id: "payouts", path: "/payouts", label: "Payout calendar", creatorOnly: false },
];

export function reportPage(id: ReportPageId): ReportPage {
  return REPORT_PAGES.find((r) => r.id === id)!;
}

/** The API route that streams a report's view (NDJSON: progress, then the view). */
export const reportEndpoint = (id: ReportPageId) => `/api/reports/${id}`;

/** The API route of one page of a report's record table. */
export const rowsEndpoint = (id: ReportId, table: string) => `/api/reports/${id}/rows/${table}`;

/** The address of one of a report's CSV files ("all": the ZIP of every file), for the query. */
export const exportHref = (id: ReportPageId, dataset: string, query: string) => `/api/export/${id}/${dataset}?${query}`;
