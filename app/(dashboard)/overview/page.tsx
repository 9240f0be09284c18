import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { OverviewScreen } from "@/components/reports/overview/overview-screen";
import { getSessionClient, requireSessionAccount } from "@/lib/auth/session";
import { endedSessionPath } from "@/lib/auth/session-decision";
import type { RawSearchParams } from "@/lib/report-params/parse";
import { reportPagePath } from "@/lib/report-params/report-links";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("overview"))("title") };
}

export default async function OverviewPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const here = reportPagePath("/overview", await searchParams);
  const account = await requireSessionAccount(here);
  // As every report page: a vault entry gone since the check is an ended session; asking (re)starts the background sync.
  if (!(await getSessionClient(account))) redirect(endedSessionPath("credential-gone", here));
  return <OverviewScreen keyType={account.keyType} />;
}
