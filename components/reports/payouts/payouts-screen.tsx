"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useFormats } from "@/components/i18n/use-formats";
import { FailurePanel } from "@/components/reports/failure-panel";
import { FetchProgress } from "@/components/reports/fetch-progress";
import { QualityBanner } from "@/components/reports/quality-banner";
import type { KeyType } from "@/lib/auth/session-decision";
import { formatInstantInLocale } from "@/lib/format-instant";
import { parsePayoutMonth, payoutMonthBounds, shiftMonth } from "@/lib/reports/payouts-month";
import { useBrowserMinute } from "@/components/reports/use-browser-minute";
import { ReportStreamError } from "@/lib/reports/browser/read-report-stream";
import { usePageZone } from "@/components/reports/use-browser-zone";
import { PayoutBacktest, PayoutMethod } from "./payout-method";
import { PayoutCurrencySection } from "./payout-currency";
import { monthLabel } from "./payout-format";
import { usePayouts } from "./use-payouts";
import { exportHref } from "@/lib/reports/report-definitions";
import { danger, frame, warning } from "@/components/ui/surface";

/**
 * The browser's minute, down to the quarter hour: the calendar is read again every 15 minutes, not
 * every minute (each reading refits the model and back-test over two years of sales).
 */
function quarterHour(minute: string | null): string | null {
  return minute && `${minute.slice(0, 14)}${String(Math.floor(Number(minute.slice(14, 16)) / 15) * 15).padStart(2, "0")}Z`;
}

function csvHref(query: string, month: string, dataset: "days" | "backtest" = "days"): string {
  const params = new URLSearchParams(query);
  params.set("month", month);
  return exportHref("payouts", dataset, params.toString());
}

const navLink = "rounded-md border border-zinc-300 px-2.5 py-1 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800";

/** The month's money becoming available, per day and currency, net of refunds and chargebacks requested and expected. */
export function PayoutsScreen({ keyType }: { keyType: KeyType }) {
  const t = useTranslations("payouts");
  const f = useFormats();
  const search = useSearchParams();
  const tzRaw = search.get("tz");
  // Without a zone in the URL, the browser's (as on the reports and the Overview): nothing is
  // asked before it is known, so no month of another zone's days is shown.
  const pageZone = usePageZone(tzRaw);
  const tz = pageZone ?? "UTC";
  const month = parsePayoutMonth(search.get("month"));
  const minute = quarterHour(useBrowserMinute());
  // Before the history nothing is known, and past next month nothing is scheduled: said, not fetched.
  const bounds = minute ? payoutMonthBounds(new Date(minute), tz) : null;
  const outside = bounds && month && (month < bounds.first || month > bounds.last) ? bounds : null;
  const { data, error, isFetching, isPlaceholderData, progress, query } = usePayouts(outside || !pageZone ? null : minute, month, tz);
  const shown = outside ? null : (data?.month ?? month);
  const hrefOf = (m: string) => `/payouts?${new URLSearchParams({ month: m, ...(tzRaw ? { tz: tzRaw } : {}) }).toString()}`;
  return (
    <div className="space-y-4 sm:space-y-6" data-payouts={keyType}>
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
        {data && (
          <p className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400" data-testid="payouts-subtitle">
            {t(keyType === "creator" ? "subtitleCreator" : "subtitleAffiliate", { time: formatInstantInLocale(data.now, f.locale, data.tz) })}
            {isFetching && <> · {t("refreshing")}</>}
          </p>
        )}
        {shown && (
          <nav aria-label={t("month")} className="flex flex-wrap items-center gap-2">
            {data && shown > data.months.first ? <Link className={navLink} href={hrefOf(shiftMonth(shown, -1))} rel="prev">← {t("previousMonth")}</Link> : null}
            <h2 className="min-w-40 text-center text-lg font-semibold" data-testid="payouts-month" data-month={shown}>{monthLabel(shown, f.locale)}</h2>
            {data && shown < data.months.last ? <Link className={navLink} href={hrefOf(shiftMonth(shown, 1))} rel="next">{t("nextMonth")} →</Link> : null}
            {data && shown !== data.today.slice(0, 7) ? <Link className="text-sm underline" href={hrefOf(data.today.slice(0, 7))}>{t("thisMonth")}</Link> : null}
            {query && data && <a className="ml-auto text-sm underline" href={csvHref(query, data.month)} data-testid="payouts-csv">{t("csv")}</a>}
          </nav>
        )}
      </header>
      {outside && (
        <div role="alert" data-testid="payouts-month-problem" className={warning("p-5 text-sm")}>
          <p>{t("outOfRange", { month: monthLabel(month!, f.locale), first: monthLabel(outside.first, f.locale), last: monthLabel(outside.last, f.locale) })}</p>
          <p className="mt-3"><Link className="font-medium underline" href={hrefOf(month! < outside.first ? outside.first : outside.last)}>{t("nearestMonth")}</Link></p>
        </div>
      )}
      {!outside && !data && !error && <FetchProgress progress={progress} />}
      {error && !isFetching && (error instanceof ReportStreamError ? <FailurePanel failure={error.failure} /> : (
        <p role="alert" className={danger("p-4 text-sm")}>{t("failed")}</p>
      ))}
      {data && (
        <div data-testid="payouts-body" data-state={isPlaceholderData ? "previous" : "current"} className="space-y-6">
          <QualityBanner quality={data.quality} comparison={null} />
          {`${data.month}-01` < data.incompleteUntil && <p role="note" className={warning("p-4 text-sm")} data-testid="payouts-incomplete">{t("method.incomplete", { day: f.day(data.incompleteUntil) })}</p>}
          {data.currencies.length === 0 && <p className={frame("p-4 text-sm")} data-testid="payouts-none">{t("none", { month: monthLabel(data.month, f.locale) })}</p>}
          {data.currencies.map((c) => <PayoutCurrencySection key={c.currency} view={data} currency={c} />)}
          <PayoutMethod view={data} />
          <PayoutBacktest view={data} csvHref={query ? csvHref(query, data.month, "backtest") : null} />
        </div>
      )}
    </div>
  );
}
