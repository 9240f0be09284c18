import type { Metadata } from "next";
import { ReportProviders } from "@/components/providers/report-providers";
import { QualityBanner } from "@/components/reports/quality-banner";
import { OrdersOverview } from "@/components/reports/orders-overview";
import { ReportError } from "@/components/reports/report-error";
import { resolveReportPage } from "@/components/reports/resolve-report-page";
import { reportQuery, type RawSearchParams } from "@/lib/report-params/parse";
import { buildOrdersView } from "@/lib/reports/orders-report";

export const metadata: Metadata = { title: "Orders" };

export default async function OrdersPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const page = await resolveReportPage("/orders", searchParams, { creatorOnly: true });
  if (!page.ok) return page.problem;
  const view = await buildOrdersView(page.client, page.params).catch((error: unknown) => ({ error }));
  if ("error" in view) return <ReportError error={view.error} route="/orders" />;
  const query = reportQuery(page.params);
  return (
    <>
      <QualityBanner quality={view.quality} comparison={view.comparison} />
      <ReportProviders>
        <OrdersOverview params={page.params} view={view} query={query} csvHref={`/api/export/orders?${query}`} />
      </ReportProviders>
    </>
  );
}
