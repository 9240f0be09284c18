import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ParamsProblem } from "@/components/reports/params-problem";
import { PayoutsScreen } from "@/components/reports/payouts/payouts-screen";
import { getSessionClient, requireSessionAccount } from "@/lib/auth/session";
import { endedSessionPath } from "@/lib/auth/session-decision";
import type { RawSearchParams } from "@/lib/report-params/parse";
import { reportPagePath } from "@/lib/report-params/report-links";
import { paramIssue } from "@/lib/report-params/param-issues";
import { parsePayoutMonth } from "@/lib/reports/payouts-month";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("payouts"))("title") };
}

export default async function PayoutsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const raw = await searchParams;
  const here = reportPagePath("/payouts", raw);
  const account = await requireSessionAccount(here);
  // As every report page: a vault entry gone since the check is an ended session; asking (re)starts the background sync.
  if (!(await getSessionClient(account))) redirect(endedSessionPath("credential-gone", here));
  const month = typeof raw.month === "string" ? raw.month : null;
  if (month && !parsePayoutMonth(month)) {
    // The nearest valid calendar: this month, in the same zone.
    const tz = typeof raw.tz === "string" ? `?tz=${encodeURIComponent(raw.tz)}` : "";
    return <ParamsProblem issues={[paramIssue("badMonth", { value: month.slice(0, 20) })]} href={`/payouts${tz}`} />;
  }
  return <PayoutsScreen keyType={account.keyType} />;
}
