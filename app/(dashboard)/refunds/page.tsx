import type { Metadata } from "next";
import { ReportProviders } from "@/components/providers/report-providers";
import { RefundsReport } from "@/components/reports/refunds/refunds-report";
import { ReportError } from "@/components/reports/report-error";
import { resolveReportPage } from "@/components/reports/resolve-report-page";
import type { RawSearchParams } from "@/lib/report-params/parse";
import { buildRefundsView } from "@/lib/reports/refunds-report";

export const metadata: Metadata = { title: "Refunds & chargebacks" };

export default async function RefundsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const page = await resolveReportPage("/refunds", searchParams, { creatorOnly: false });
  if (!page.ok) return page.problem;
  const view = await buildRefundsView(page.client, page.account.keyType, page.params).catch((error: unknown) => ({ error }));
  if ("error" in view) return <ReportError error={view.error} route="/refunds" />;
  return (
    <ReportProviders>
      <RefundsReport params={page.params} view={view} />
    </ReportProviders>
  );
}
