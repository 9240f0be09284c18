import { ParamsProblem } from "@/components/reports/params-problem";
import { PayoutsScreen } from "@/components/reports/payouts/payouts-screen";
import type { RawSearchParams } from "@/lib/report-params/parse";
import { paramIssue } from "@/lib/report-params/param-issues";
import { parsePayoutMonth } from "@/lib/reports/payouts-month";
import { reportMetadata, resolveReportAccount } from "@/lib/reports/server/report-page";

export const generateMetadata = reportMetadata("payouts");

export default async function PayoutsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const raw = await searchParams;
  const account = await resolveReportAccount("payouts", raw);
  const month = typeof raw.month === "string" ? raw.month : null;
  if (month && !parsePayoutMonth(month)) {
    // The nearest valid calendar: this month, in the same zone.
    const tz = typeof raw.tz === "string" ? `?tz=${encodeURIComponent(raw.tz)}` : "";
    return <ParamsProblem issues={[paramIssue("badMonth", { value: month.slice(0, 20) })]} href={`/payouts${tz}`} />;
  }
  return <PayoutsScreen keyType={account.keyType} />;
}
