import "server-only";

// What every report page does first: the account from the session (sign-in otherwise, coming
// back to this exact report: its path AND query), the creator-only check (403), and the URL's
// parameters (worded problems and the nearest valid report otherwise); and its title.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { assertCreator, getSessionClient, requireSessionAccount, type SessionAccount } from "@/lib/auth/session";
import { endedSessionPath } from "@/lib/auth/session-decision";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { ParamIssue } from "@/lib/report-params/param-issues";
import { parseReportParams, reportQuery, type RawSearchParams } from "@/lib/report-params/parse";
import { reportPagePath } from "@/lib/report-params/report-links";
import { reportPage, type ReportId, type ReportPageId } from "@/lib/reports/report-definitions";

export type ResolvedReportPage =
  | { ok: true; account: SessionAccount; params: ReportParams }
  | { ok: false; issues: ParamIssue[]; href: string };

/** The page's `generateMetadata`: its title in the reader's language (the "title" of its messages). */
export function reportMetadata(id: ReportPageId): () => Promise<Metadata> {
  return async () => ({ title: (await getTranslations(id))("title") });
}

/** The session's account for the report's page, which may open it (else sign-in, or 403). */
export async function resolveReportAccount(id: ReportPageId, raw: RawSearchParams): Promise<SessionAccount> {
  const report = reportPage(id);
  const here = reportPagePath(report.path, raw);
  const account = await requireSessionAccount(here);
  if (report.creatorOnly) assertCreator(account);
  // The vault entry vanished since the check above (expired a moment ago): an ended session.
  if (!(await getSessionClient(account))) redirect(endedSessionPath("credential-gone", here));
  return account;
}

/** The account and the URL's report parameters of one of the reports of a range and filters. */
export async function resolveReportPage(id: ReportId, searchParams: Promise<RawSearchParams>): Promise<ResolvedReportPage> {
  const raw = await searchParams;
  const report = reportPage(id);
  const account = await resolveReportAccount(id, raw);
  const { params, issues, tableQuery } = parseReportParams(raw);
  // The nearest valid report drops only the bad values: the tables keep their valid state.
  const table = new URLSearchParams(tableQuery).toString();
  if (issues.length) return { ok: false, issues, href: `${report.path}?${reportQuery(params)}${table ? `&${table}` : ""}` };
  return { ok: true, account, params };
}
