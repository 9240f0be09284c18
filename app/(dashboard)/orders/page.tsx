import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { IncompleteNotice } from "@/components/reports/incomplete-notice";
import { ReportProviders } from "@/components/providers/report-providers";
import { OrdersOverview } from "@/components/reports/orders-overview";
import { ParamsProblem } from "@/components/reports/params-problem";
import { ReportError } from "@/components/reports/report-error";
import { assertCreator, getSessionAccount, getSessionClient } from "@/lib/auth/session";
import { parseReportParams, reportQuery } from "@/lib/report-params/parse";
import { buildOrdersView } from "@/lib/reports/orders-report";

export const metadata: Metadata = { title: "Orders" };

export default async function OrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const account = await getSessionAccount();
  if (!account) redirect("/sign-in?callbackUrl=/orders");
  assertCreator(account); // an affiliate session gets 403 here, whatever the navigation shows
  const client = await getSessionClient(account);
  if (!client) redirect("/sign-in?callbackUrl=/orders");
  const { params, problems } = parseReportParams(await searchParams);
  if (problems.length) return <ParamsProblem problems={problems} href={`/orders?${reportQuery(params)}`} />;
  const view = await buildOrdersView(client, params).catch((error: unknown) => ({ error }));
  if ("error" in view) return <ReportError error={view.error} />;
  return (
    <>
      <IncompleteNotice report={view.report} />
      <ReportProviders>
        <OrdersOverview params={params} view={view} query={reportQuery(params)} csvHref={`/api/export/orders?${reportQuery(params)}`} />
      </ReportProviders>
    </>
  );
}
