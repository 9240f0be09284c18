import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ReportProviders } from "@/components/providers/report-providers";
import { ParamsProblem } from "@/components/reports/params-problem";
import { RefundsReport } from "@/components/reports/refunds/refunds-report";
import { ReportError } from "@/components/reports/report-error";
import { getSessionAccount, getSessionClient } from "@/lib/auth/session";
import { parseReportParams, reportQuery } from "@/lib/report-params/parse";
import { buildRefundsView } from "@/lib/reports/refunds-report";

export const metadata: Metadata = { title: "Refunds & chargebacks" };

export default async function RefundsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const account = await getSessionAccount();
  const client = account && (await getSessionClient(account));
  if (!account || !client) redirect("/sign-in?callbackUrl=/refunds");
  const { params, problems } = parseReportParams(await searchParams);
  if (problems.length) return <ParamsProblem problems={problems} href={`/refunds?${reportQuery(params)}`} />;
  const view = await buildRefundsView(client, account.keyType, params).catch((error: unknown) => ({ error }));
  if ("error" in view) return <ReportError error={view.error} />;
  return (
    <ReportProviders>
      <RefundsReport params={params} view={view} />
    </ReportProviders>
  );
}
