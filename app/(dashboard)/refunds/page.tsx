import { ParamsProblem } from "@/components/reports/params-problem";
import { RefundsScreen } from "@/components/reports/refunds/refunds-screen";
import type { RawSearchParams } from "@/lib/report-params/parse";
import { reportMetadata, resolveReportPage } from "@/lib/reports/server/report-page";

export const generateMetadata = reportMetadata("refunds");

export default async function RefundsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const page = await resolveReportPage("refunds", searchParams);
  if (!page.ok) return <ParamsProblem issues={page.issues} href={page.href} />;
  return <RefundsScreen keyType={page.account.keyType} />;
}
