import "server-only";

// What every report page does first: the account from the session (sign-in otherwise, coming
// back to this exact report: its path AND query), the creator-only check (403), and the URL's
// parameters (worded problems and the nearest valid report otherwise).
import { redirect } from "next/navigation";
import { assertCreator, getSessionClient, requireSessionAccount, type SessionAccount } from "@/lib/auth/session";
import { endedSessionPath } from "@/lib/auth/session-decision";
import type { ReportParams } from "@/lib/report-params/definitions";
import { parseReportParams, reportQuery, type RawSearchParams } from "@/lib/report-params/parse";
import { reportPagePath } from "@/lib/report-params/report-links";
import type { ReportDefinition } from "@/lib/reports/report-definitions";

export type ResolvedReportPage =
  | { ok: true; account: SessionAccount; params: ReportParams }
  | { ok: false; problems: string[]; href: string };

export async function resolveReportPage(report: ReportDefinition, searchParams: Promise<RawSearchParams>): Promise<ResolvedReportPage> {
  const raw = await searchParams;
  const here = reportPagePath(report.path, raw);
  const account = await requireSessionAccount(here);
  if (report.creatorOnly) assertCreator(account);
  // The vault entry vanished since the check above (expired a moment ago): an ended session.
  // Asking for the client also (re)starts the account's background sync.
  if (!(await getSessionClient(account))) redirect(endedSessionPath("credential-gone", here));
  const { params, problems } = parseReportParams(raw);
  if (problems.length) return { ok: false, problems, href: `${report.path}?${reportQuery(params)}` };
  return { ok: true, account, params };
}
