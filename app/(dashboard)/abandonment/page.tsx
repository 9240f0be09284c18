import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ReportProviders } from "@/components/providers/report-providers";
import { AbandonmentReport } from "@/components/reports/abandonment/abandonment-report";
import { ParamsProblem } from "@/components/reports/params-problem";
import { ReportError } from "@/components/reports/report-error";
import { assertCreator, getSessionAccount, getSessionClient } from "@/lib/auth/session";
import { parseReportParams, reportQuery } from "@/lib/report-params/parse";
import { buildAbandonmentView } from "@/lib/reports/abandonment-report";

export const metadata: Metadata = { title: "Abandonment" };

export default async function AbandonmentPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const account = await getSessionAccount();
  if (!account) redirect("/sign-in?callbackUrl=/abandonment");
  assertCreator(account); // affiliates get 403 from the upstream for carts; here, before any request
  const client = await getSessionClient(account);
  if (!client) redirect("/sign-in?callbackUrl=/abandonment");
  const { params, problems } = parseReportParams(await searchParams);
  if (problems.length) return <ParamsProblem problems={problems} href={`/abandonment?${reportQuery(params)}`} />;
  const view = await buildAbandonmentView(client, params).catch((error: unknown) => ({ error }));
  if ("error" in view) return <ReportError error={view.error} />;
  return (
    <ReportProviders>
      <AbandonmentReport params={params} view={view} query={reportQuery(params)} />
    </ReportProviders>
  );
}
