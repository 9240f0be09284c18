import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { IncompleteNotice } from "@/components/reports/incomplete-notice";
import { OrdersOverview } from "@/components/reports/orders-overview";
import { RangeProblem } from "@/components/reports/range-problem";
import { ReportError } from "@/components/reports/report-error";
import { assertCreator, getSessionAccount, getSessionClient } from "@/lib/auth/session";
import { loadOrdersOverview } from "@/lib/reports/orders-overview";
import { parseReportRange } from "@/lib/report-range";

export const metadata: Metadata = { title: "Orders" };

export default async function OrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const account = await getSessionAccount();
  if (!account) redirect("/sign-in?callbackUrl=/orders");
  assertCreator(account); // an affiliate session gets 403 here, whatever the navigation shows
  const client = await getSessionClient(account);
  if (!client) redirect("/sign-in?callbackUrl=/orders");
  const range = parseReportRange(await searchParams);
  if (!range.ok) return <RangeProblem message={range.message} path="/orders" fallback={range.fallback} />;
  const result = await loadOrdersOverview(client, range).catch((error: unknown) => ({ error }));
  if ("error" in result) return <ReportError error={result.error} />;
  return (
    <>
      <IncompleteNotice report={result.report} />
      <OrdersOverview from={range.from} to={range.to} {...result} />
    </>
  );
}
