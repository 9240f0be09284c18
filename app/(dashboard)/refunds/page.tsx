import type { Metadata } from "next";
import { ParamsProblem } from "@/components/reports/params-problem";
import { RefundsScreen } from "@/components/reports/refunds/refunds-screen";
import type { RawSearchParams } from "@/lib/report-params/parse";
import { reportDefinition } from "@/lib/reports/report-definitions";
import { resolveReportPage } from "@/lib/reports/server/report-page";

export const metadata: Metadata = { title: "Refunds & chargebacks" };

export default async function RefundsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const page = await resolveReportPage(reportDefinition("refunds"), searchParams);
  if (!page.ok) return <ParamsProblem issues={page.issues} href={page.href} />;
  return <RefundsScreen keyType={page.account.keyType} />;
}
