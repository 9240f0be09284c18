"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useFormats } from "@/components/i18n/use-formats";
import { useReportDay } from "@/components/reports/use-report-day";
import { PartialMark } from "@/components/reports/partial-mark";
import { useTableUrlState } from "@/components/reports/use-table-url-state";
import type { AffiliateBlock, AffiliateRow, RateFigure } from "@/lib/analytics/affiliate-leaderboard";
import type { AttachCount } from "@/lib/analytics/attach-rates";
import type { ReportParams } from "@/lib/report-params/definitions";
import { reportQuery } from "@/lib/report-params/parse";
import { DEFAULT_AFFILIATE_SORT, isFlagged, shownAffiliateRows, type AffiliateSort } from "@/lib/reports/affiliate-rows";
import { deltasArePartial } from "@/lib/reports/report-quality";
import type { AffiliatesView } from "@/lib/reports/report-views";
import { listHead, ScrollRegion } from "@/components/ui/scroll-region";

type Formats = ReturnType<typeof useFormats>;
type Words = ReturnType<typeof useTranslations<"affiliates">>;

/** Revenue over the same days, zone and filters, narrowed to one affiliate in this currency. */
export function revenueHref(params: ReportParams, currency: string, affiliate: string): string {
  const q = new URLSearchParams(reportQuery({ ...params, preset: null, currency, filters: { ...params.filters, affiliate: [affiliate] } }));
  // Always the zone: a Revenue address without one would take the browser's.
  q.set("tz", params.tz);
  return `/revenue?${q.toString()}`;
}

function Sample({ children }: { children: ReactNode }) {
  return <span className="block text-xs text-zinc-600 dark:text-zinc-400">{children}</span>;
}

function Attach({ a, of, f, t }: { a: AttachCount; of: number; f: Formats; t: Words }) {
  return <>{a.rate === null ? "—" : f.percent(a.rate, 1)}<Sample>{t("ofSample", { count: f.number(a.orders), total: f.number(of) })}</Sample></>;
}

// A flag says why in its title: the rate's 95% lower bound against the multiple of the account's.
function Rate({ r, sales, multiple, account, f, t }: { r: RateFigure; sales: number; multiple: number; account: number | null; f: Formats; t: Words }) {
  if (r.count === null) return <span className="text-zinc-600 dark:text-zinc-400">{t("notAvailable")}</span>;
  const why = r.low !== null && account !== null ? t("flagWhy", { low: f.percent(r.low, 2), limit: f.percent(multiple * account, 2), multiple }) : undefined;
  return (
    <>
      <span data-flag={r.flag}>{r.rate === null ? "—" : f.percent(r.rate, 1)}</span>
      <Sample>{t("ofSample", { count: f.number(r.count), total: f.number(sales) })}</Sample>
      {r.flag === "high" && <span data-testid="flag-high" title={why} className="mt-0.5 inline-block rounded bg-red-100 px-1.5 text-xs font-medium text-red-900 dark:bg-red-950 dark:text-red-100">{t("flagHigh", { multiple })}</span>}
      {r.flag === "uncertain" && <span data-testid="flag-uncertain" title={why} className="block text-xs italic text-zinc-600 dark:text-zinc-400">{t("flagUncertain", { multiple })}</span>}
      {r.flag === "small" && <span data-testid="flag-small" className="block text-xs italic text-zinc-600 dark:text-zinc-400">{t("flagSmall")}</span>}
    </>
  );
}

const signed = (ratio: number, f: Formats) => `${ratio > 0 ? "+" : ""}${f.percent(ratio, 1)}`;

// `partial`: a period of the comparison is incomplete (the KPI cards' rule), so the change, and
// even "new" (its earlier sales may be among the missing records), is not exact: one mark per cell.
function Trend({ row, partial, f, t }: { row: AffiliateRow; partial: boolean; f: Formats; t: Words }) {
  const trend = row.trend;
  if (!trend) return null;
  if (trend.isNew) return <><span data-testid="trend-new" className="font-medium">{t("trendNew")}</span><PartialMark show={partial} /></>;
  const change = (c: number | null) => (c === null ? t("trendZeroBase") : signed(c, f));
  return <>{t("trendSales", { change: change(trend.salesChange) })}<PartialMark show={partial} /><Sample>{t("trendNet", { change: change(trend.netRevenueChange) })}</Sample></>;
}

// The KPI cards' words where the comparison period starts before the account's data (a <dd> there, plain text in a cell).
function NoTrend({ dataFrom }: { dataFrom: string }) {
  const t = useTranslations("report.kpi");
  const day = useReportDay();
  const text = t("noComparisonDataBefore", { day: day(dataFrom) });
  return <span data-testid="no-comparison-data" className="text-xs text-zinc-600 dark:text-zinc-400">{text.charAt(0).toUpperCase() + text.slice(1)}</span>;
}

// The name column stays put while the figures scroll sideways (opaque: the page's and the header's colours).
const STICKY_HEAD = "sticky left-0 z-10 bg-zinc-100 dark:bg-zinc-900";
const STICKY_CELL = "sticky left-0 z-10 bg-zinc-50 dark:bg-zinc-950";

interface Props { block: AffiliateBlock; view: AffiliatesView; params: ReportParams; filter: { text: string; flaggedOnly: boolean }; linked: boolean }

export function AffiliatesTable({ block, view, params, filter, linked }: Props) {
  const t = useTranslations("affiliates");
  const f = useFormats();
  const [state, setState] = useTableUrlState("affiliates", reportQuery(params), { sort: DEFAULT_AFFILIATE_SORT, hidden: [] });
  const rows = shownAffiliateRows(block.rows, { ...filter, sort: state.sort, dir: state.dir });
  const withTrend = view.comparison !== null;
  const partialTrend = deltasArePartial(view.quality);
  const money = (n: number) => f.money(n, block.currency);
  const accountRate = (r: number | null) => (r === null ? null : t("accountRate", { rate: f.percent(r, 1) }));
  const columns: Array<{ key: AffiliateSort; numeric: boolean; note?: string | null }> = [
    { key: "affiliate", numeric: false }, { key: "sales", numeric: true }, { key: "netRevenue", numeric: true }, { key: "commission", numeric: true },
    { key: "orderBump", numeric: true }, { key: "upsell", numeric: true },
    { key: "refundRate", numeric: true, note: accountRate(block.account.refundRate) }, { key: "chargebackRate", numeric: true, note: accountRate(block.account.chargebackRate) },
    ...(withTrend ? [{ key: "trend" as const, numeric: true }] : []),
  ];
  const toggle = (key: AffiliateSort) => void setState(state.sort === key ? { dir: state.dir === "asc" ? "desc" : "asc" } : { sort: key, dir: key === "affiliate" ? "asc" : "desc" });
  const cells = (r: AffiliateRow): Record<AffiliateSort, ReactNode> => ({
    affiliate: (
      <>
        {linked
          ? <Link className="font-medium underline underline-offset-2" href={revenueHref(params, block.currency, r.affiliate)} aria-label={t("openRevenue", { affiliate: r.affiliate })} data-testid="affiliate-link">{r.affiliate}</Link>
          : <span className="font-medium">{r.affiliate}</span>}
        {/* Beside the name, which stays on screen: on a phone the rates are a sideways scroll away. */}
        {isFlagged(r) && <span data-testid="row-flagged" className="ml-1.5 rounded bg-red-100 px-1.5 text-xs font-medium text-red-900 dark:bg-red-950 dark:text-red-100">{t("flagged")}</span>}
      </>
    ),
    sales: f.number(r.sales),
    netRevenue: money(r.netRevenue),
    commission: money(r.commission),
    orderBump: <Attach a={r.orderBump} of={r.frontOrders} f={f} t={t} />,
    upsell: <Attach a={r.upsell} of={r.frontOrders} f={f} t={t} />,
    refundRate: <Rate r={r.refunds} sales={r.sales} multiple={view.flagMultiple} account={block.account.refundRate} f={f} t={t} />,
    chargebackRate: <Rate r={r.chargebacks} sales={r.sales} multiple={view.flagMultiple} account={block.account.chargebackRate} f={f} t={t} />,
    trend: view.comparisonDataFrom ? <NoTrend dataFrom={view.comparisonDataFrom} /> : <Trend row={r} partial={partialTrend} f={f} t={t} />,
  });
  return (
    <ScrollRegion surface="frame" label={t("tableLabel", { currency: block.currency.toUpperCase() })}>
      <table className="min-w-full text-sm" data-testid="affiliates-table">
        <thead className={listHead()}>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" aria-sort={state.sort === c.key ? (state.dir === "asc" ? "ascending" : "descending") : undefined} className={`px-3 py-2 align-bottom font-medium ${c.numeric ? "text-right" : STICKY_HEAD}`}>
                <button type="button" className="uppercase" data-testid={`sort-${c.key}`} onClick={() => toggle(c.key)}>
                  {t(`columns.${c.key}`)}{state.sort === c.key ? (state.dir === "asc" ? " ▲" : " ▼") : ""}
                </button>
                {c.note && <span className="block normal-case tracking-normal">{c.note}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {rows.map((r) => {
            const content = cells(r);
            return (
              <tr key={r.affiliate} data-testid="affiliate-row" data-affiliate={r.affiliate}>
                {columns.map((c) => (
                  <td key={c.key} data-testid={`cell-${c.key}`} className={`whitespace-nowrap px-3 py-2 align-top ${c.numeric ? "text-right tabular-nums" : STICKY_CELL}`}>{content[c.key]}</td>
                ))}
              </tr>
            );
          })}
          {rows.length === 0 && <tr><td colSpan={columns.length} className="px-3 py-6 text-center text-zinc-600 dark:text-zinc-400">{t("noMatch")}</td></tr>}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
