import "server-only";

// What every report page does first: the account from the session (sign-in otherwise, coming
// back to this exact report: its path AND query), the creator-only check (403), and the URL's
// parameters (worded problems and the nearest valid report otherwise).
import { redirect } from "next/navigation";
import { assertCreator, getSessionClient, requireSessionAccount, type SessionAccount } from "@/lib/auth/session";
import { endedSessionPath } from "@/lib/auth/session-decision";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { ParamIssue } from "@/lib/report-params/param-issues";
import { parseReportParams, reportQuery, type RawSearchParams } from "@/lib/report-params/parse";
import { reportPagePath } from "@/lib/report-params/report-links";
import type { ReportDefinition } from "@/lib/reports/report-definitions";

export type ResolvedReportPage =
  | { ok: true; account: SessionAccount; params: ReportParams }
  | { ok: false; issues: ParamIssue[]; href: string };

export async function resolveReportPage(report: ReportDefinition, searchParams: Promise<RawSearchParams>): Promise<ResolvedReportPage> {
  const raw = await searchParams;
  const here = reportPagePath(report.path, raw);
  const account = await requireSessionAccount(here);
  if (report.creatorOnly) assertCreator(account);
  // The vault entry vanished since the check above (expired a moment ago): an ended session.
  // Asking for the client also (re)starts the account's background sync.
  if (!(await getSessionClient(account))) redirect(endedSessionPath("credential-gone", here));
  const { params, issues, tableQuery } = parseReportParams(raw);
  // The nearest valid report drops only the bad values: the tables keep their valid state.
  const table = new URLSearchParams(tableQuery).toString();
  if (issues.length) return { ok: false, issues, href: `${report.path}?${reportQuery(params)}${table ? `&${table}` : ""}` };
  return { ok: true, account, params };
}
