import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { assertCreator, getSessionClient, requireSessionAccount, type SessionAccount } from "@/lib/auth/session";
import { endedSessionPath } from "@/lib/auth/session-decision";
import type { ReportParams } from "@/lib/report-params/definitions";
import { parseReportParams, reportQuery, type RawSearchParams } from "@/lib/report-params/parse";
import type { SalesApiClient } from "@/lib/sales-api";
import { ParamsProblem } from "./params-problem";

export type ResolvedReportPage = { ok: true; account: SessionAccount; client: SalesApiClient; params: ReportParams } | { ok: false; problem: ReactNode };

// What every report page does first: the account from the session (sign-in otherwise), the
// creator-only check (403), and the URL's parameters (a worded problem otherwise).
export async function resolveReportPage(path: string, searchParams: Promise<RawSearchParams>, options: { creatorOnly: boolean }): Promise<ResolvedReportPage> {
  const account = await requireSessionAccount(path);
  if (options.creatorOnly) assertCreator(account);
  const client = await getSessionClient(account);
  // The vault entry vanished since the check above (expired a moment ago): an ended session.
  if (!client) redirect(endedSessionPath("credential-gone", path));
  const { params, problems } = parseReportParams(await searchParams);
  if (problems.length) return { ok: false, problem: <ParamsProblem problems={problems} href={`${path}?${reportQuery(params)}`} /> };
  return { ok: true, account, client, params };
}
