import type { Metadata } from "next";
import { ReportProviders } from "@/components/providers/report-providers";
import { RevenueReport } from "@/components/reports/revenue/revenue-report";
import { resolveReportPage } from "@/components/reports/resolve-report-page";
import type { RawSearchParams } from "@/lib/report-params/parse";

export const metadata: Metadata = { title: "Revenue" };

// The report itself streams from /api/reports/revenue, with progress; this page checks the
// session and the URL first.
export default async function RevenuePage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const page = await resolveReportPage("/revenue", searchParams, { creatorOnly: false });
  if (!page.ok) return page.problem;
  return (
    <ReportProviders>
      <RevenueReport keyType={page.account.keyType} accountLabel={page.account.label} />
    </ReportProviders>
  );
}
