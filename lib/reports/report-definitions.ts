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

/** The API route that streams a report's view (NDJSON: progress, then the view). */
export const reportEndpoint = (id: ReportId) => `/api/reports/${id}`;
