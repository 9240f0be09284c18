import { AffiliatesScreen } from "@/components/reports/affiliates/affiliates-screen";
import { ParamsProblem } from "@/components/reports/params-problem";
import type { RawSearchParams } from "@/lib/report-params/parse";
import { reportMetadata, resolveReportPage } from "@/lib/reports/server/report-page";

export const generateMetadata = reportMetadata("affiliates");

export default async function AffiliatesPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const page = await resolveReportPage("affiliates", searchParams);
  if (!page.ok) return <ParamsProblem issues={page.issues} href={page.href} />;
  return <AffiliatesScreen keyType={page.account.keyType} />;
}
