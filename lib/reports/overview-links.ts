// Where each Overview tile leads: the report that explains its figure, opened on the same days
// and zone (the reports compare with the period before by default, as the tiles do).
import { withCarried } from "@/lib/report-params/report-links";
import type { DayRangeWindow, OverviewWindows } from "./overview-windows";

export type OverviewTile = "today" | "last30" | "rates" | "funds" | "abandoned" | "top";

export function overviewLinks(windows: OverviewWindows): Record<OverviewTile, string> {
  const to = (path: string, range: DayRangeWindow, extra: Record<string, string> = {}, anchor = "") => {
    const search = new URLSearchParams({ from: range.from, to: range.to, ...extra });
    if (windows.tz !== "UTC") search.set("tz", windows.tz);
    return `${withCarried(path, search)}${anchor}`;
  };
  const today = { from: windows.today, to: windows.today };
  return {
    today: to("/revenue", today, { granularity: "hour" }),
    last30: to("/revenue", windows.last30),
    rates: to("/refunds", windows.last30),
    // The day-by-day of the same money: the payout calendar, on today's month in the same zone.
    funds: withCarried("/payouts", new URLSearchParams(windows.tz === "UTC" ? {} : { tz: windows.tz })),
    abandoned: to("/abandonment", windows.week),
    top: to("/revenue", windows.last30, {}, "#breakdowns-title"),
  };
}
