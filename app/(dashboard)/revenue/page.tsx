import type { Metadata } from "next";
import { ParamsProblem } from "@/components/reports/params-problem";
import { RevenueScreen } from "@/components/reports/revenue/revenue-screen";
import type { RawSearchParams } from "@/lib/report-params/parse";
import { reportDefinition } from "@/lib/reports/report-definitions";
import { resolveReportPage } from "@/lib/reports/server/report-page";

export const metadata: Metadata = { title: "Revenue" };

export default async function RevenuePage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const page = await resolveReportPage(reportDefinition("revenue"), searchParams);
  if (!page.ok) return <ParamsProblem issues={page.issues} href={page.href} />;
  return <RevenueScreen keyType={page.account.keyType} accountLabel={page.account.label} />;
}
