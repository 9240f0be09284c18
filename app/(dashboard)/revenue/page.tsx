import { ParamsProblem } from "@/components/reports/params-problem";
import { RevenueScreen } from "@/components/reports/revenue/revenue-screen";
import type { RawSearchParams } from "@/lib/report-params/parse";
import { reportMetadata, resolveReportPage } from "@/lib/reports/server/report-page";

export const generateMetadata = reportMetadata("revenue");

export default async function RevenuePage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const page = await resolveReportPage("revenue", searchParams);
  if (!page.ok) return <ParamsProblem issues={page.issues} href={page.href} />;
  return <RevenueScreen keyType={page.account.keyType} />;
}
