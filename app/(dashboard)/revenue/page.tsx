import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ReportProviders } from "@/components/providers/report-providers";
import { ParamsProblem } from "@/components/reports/params-problem";
import { RevenueReport } from "@/components/reports/revenue/revenue-report";
import { getSessionAccount } from "@/lib/auth/session";
import { parseReportParams, reportQuery } from "@/lib/report-params/parse";

export const metadata: Metadata = { title: "Revenue" };

export default async function RevenuePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const account = await getSessionAccount();
  if (!account) redirect("/sign-in?callbackUrl=/revenue");
  const { params, problems } = parseReportParams(await searchParams);
  if (problems.length) return <ParamsProblem problems={problems} href={`/revenue?${reportQuery(params)}`} />;
  return (
    <ReportProviders>
      <RevenueReport keyType={account.keyType} accountLabel={account.label} />
    </ReportProviders>
  );
}
