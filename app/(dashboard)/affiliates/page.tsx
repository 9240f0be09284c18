import type { Metadata } from "next";
import { AffiliatesScreen } from "@/components/reports/affiliates/affiliates-screen";
import { ParamsProblem } from "@/components/reports/params-problem";
import type { RawSearchParams } from "@/lib/report-params/parse";
import { reportDefinition } from "@/lib/reports/report-definitions";
import { resolveReportPage } from "@/lib/reports/server/report-page";

export const metadata: Metadata = { title: "Affiliates" };

export default async function AffiliatesPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const page = await resolveReportPage(reportDefinition("affiliates"), searchParams);
  if (!page.ok) return <ParamsProblem issues={page.issues} href={page.href} />;
  return <AffiliatesScreen keyType={page.account.keyType} />;
}
