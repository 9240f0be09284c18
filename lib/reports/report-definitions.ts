// The reports of the dashboard, for the server and the browser alike: where each lives, what
// the navigation calls it, and whether it needs a creator key. What each one fetches and
// computes is in report-builders.ts (server); what it shows, in components/reports/<id>.
/** Every report's id: the schemas that accept a report (share links, their snapshots) read this list. */
export const REPORT_IDS = ["revenue", "orders", "abandonment", "refunds", "affiliates"] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export interface ReportDefinition {
  id: ReportId;
  path: `/${ReportId}`;
  label: string;
  /** Affiliate keys get 403 from the page and the route before any upstream request. */
  creatorOnly: boolean;
}

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
  creatorOnly: boolean;
}

export const REPORT_PAGES: readonly ReportPage[] = [
  { id: "overview", path: "/overview", creatorOnly: false },
  ...REPORTS.map(({ id, path, creatorOnly }) => ({ id, path, creatorOnly })),
  { id: "payouts", path: "/payouts", creatorOnly: false },
];

/** The API route that streams a report's view (NDJSON: progress, then the view). */
export const reportEndpoint = (id: ReportPageId) => `/api/reports/${id}`;

/** The API route of one page of a report's record table. */
export const rowsEndpoint = (id: ReportId, table: string) => `/api/reports/${id}/rows/${table}`;

/** The address of one of a report's CSV files ("all": the ZIP of every file), for the query. */
export const exportHref = (id: ReportPageId, dataset: string, query: string) => `/api/export/${id}/${dataset}?${query}`;
