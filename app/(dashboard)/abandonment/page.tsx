import type { Metadata } from "next";
import { AbandonmentScreen } from "@/components/reports/abandonment/abandonment-screen";
import { ParamsProblem } from "@/components/reports/params-problem";
import type { RawSearchParams } from "@/lib/report-params/parse";
import { reportDefinition } from "@/lib/reports/report-definitions";
import { resolveReportPage } from "@/lib/reports/server/report-page";

export const metadata: Metadata = { title: "Abandonment" };

// Creator keys only: affiliates get 403 here, before any upstream request.
export default async function AbandonmentPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const page = await resolveReportPage(reportDefinition("abandonment"), searchParams);
  if (!page.ok) return <ParamsProblem issues={page.issues} href={page.href} />;
  return <AbandonmentScreen />;
}
