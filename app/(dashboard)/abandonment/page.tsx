import { AbandonmentScreen } from "@/components/reports/abandonment/abandonment-screen";
import { ParamsProblem } from "@/components/reports/params-problem";
import type { RawSearchParams } from "@/lib/report-params/parse";
import { reportMetadata, resolveReportPage } from "@/lib/reports/server/report-page";

export const generateMetadata = reportMetadata("abandonment");

// Creator keys only: affiliates get 403 here, before any upstream request.
export default async function AbandonmentPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const page = await resolveReportPage("abandonment", searchParams);
  if (!page.ok) return <ParamsProblem issues={page.issues} href={page.href} />;
  return <AbandonmentScreen keyType={page.account.keyType} />;
}
