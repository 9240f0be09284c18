import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { IncompleteNotice } from "@/components/reports/incomplete-notice";
import { PurchasesOverview } from "@/components/reports/purchases-overview";
import { RangeProblem } from "@/components/reports/range-problem";
import { ReportError } from "@/components/reports/report-error";
import { getSessionAccount, getSessionClient } from "@/lib/auth/session";
import { loadPurchasesOverview } from "@/lib/reports/purchases-overview";
import { parseReportRange } from "@/lib/report-range";

export const metadata: Metadata = { title: "Revenue" };

export default async function RevenuePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const account = await getSessionAccount();
  const client = account && (await getSessionClient(account));
  if (!account || !client) redirect("/sign-in?callbackUrl=/revenue");
  const range = parseReportRange(await searchParams);
  if (!range.ok) return <RangeProblem message={range.message} path="/revenue" fallback={range.fallback} />;
  const result = await loadPurchasesOverview(client, account.keyType, range).catch((error: unknown) => ({ error }));
  if ("error" in result) return <ReportError error={result.error} />;
  return (
    <>
      <IncompleteNotice report={result.report} />
      <PurchasesOverview from={range.from} to={range.to} {...result.view} />
    </>
  );
}
