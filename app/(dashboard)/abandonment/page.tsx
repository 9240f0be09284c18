import type { Metadata } from "next";
import { ReportProviders } from "@/components/providers/report-providers";
import { AbandonmentReport } from "@/components/reports/abandonment/abandonment-report";
import { ReportError } from "@/components/reports/report-error";
import { resolveReportPage } from "@/components/reports/resolve-report-page";
import { reportQuery, type RawSearchParams } from "@/lib/report-params/parse";
import { buildAbandonmentView } from "@/lib/reports/abandonment-report";

export const metadata: Metadata = { title: "Abandonment" };

// Creator keys only: affiliates get 403 here, before any upstream request.
export default async function AbandonmentPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const page = await resolveReportPage("/abandonment", searchParams, { creatorOnly: true });
  if (!page.ok) return page.problem;
  const view = await buildAbandonmentView(page.client, page.params).catch((error: unknown) => ({ error }));
  if ("error" in view) return <ReportError error={view.error} route="/abandonment" />;
  return (
    <ReportProviders>
      <AbandonmentReport params={page.params} view={view} query={reportQuery(page.params)} />
    </ReportProviders>
  );
}
