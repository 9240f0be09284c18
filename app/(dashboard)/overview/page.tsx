import { OverviewScreen } from "@/components/reports/overview/overview-screen";
import type { RawSearchParams } from "@/lib/report-params/parse";
import { reportMetadata, resolveReportAccount } from "@/lib/reports/server/report-page";

export const generateMetadata = reportMetadata("overview");

export default async function OverviewPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const account = await resolveReportAccount("overview", await searchParams);
  return <OverviewScreen keyType={account.keyType} />;
}
