"use client";

import { useTranslations } from "next-intl";
import { useFormats } from "@/components/i18n/use-formats";
import { formatInZone } from "@/lib/format";
import { CHARGEBACK_THRESHOLDS } from "@/lib/reports/overview-figures";
import { overviewLinks } from "@/lib/reports/overview-links";
import type { OverviewView } from "@/lib/reports/overview-view";
import { AmountsPerCurrency, KpiFigures, Tile } from "./overview-tile";

const STANDING_CLASS = { ok: "text-emerald-700 dark:text-emerald-400", watch: "text-amber-700 dark:text-amber-300", excessive: "text-red-700 dark:text-red-400" } as const;

export function OverviewTiles({ view }: { view: OverviewView }) {
  const t = useTranslations("overview");
  const f = useFormats();
  const w = view.windows;
  const links = overviewLinks(w);
  const creator = view.keyType === "creator";
  const thresholds = { watch: f.percent(CHARGEBACK_THRESHOLDS.watch, 1), excessive: f.percent(CHARGEBACK_THRESHOLDS.excessive, 1) };
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <Tile id="today" title={t("today.title")} basis={t("today.basis", { day: f.day(w.today), time: formatInZone(w.now, w.tz).slice(11, 16), weekAgo: f.day(w.weekAgo.day) })} href={links.today} linkText={t("today.link")}>
        {view.todayUnread
          ? <p role="status" data-testid="ov-today-unread" className="text-sm text-amber-800 dark:text-amber-200">{t("today.unread")}</p>
          : <KpiFigures kpis={view.today} prefix="ov-today" against={t("delta.weekAgo")} />}
      </Tile>
      <Tile id="last30" title={t("last30.title")} basis={t("last30.basis", { from: f.day(w.last30.from), to: f.day(w.last30.to), previousFrom: f.day(w.previous30.from), previousTo: f.day(w.previous30.to) })} href={links.last30} linkText={t("last30.link")}>
        <KpiFigures kpis={view.last30} prefix="ov-last30" against={t("delta.previous30")} />
      </Tile>
      <Tile id="rates" title={t("rates.title")} basis={t("rates.basis", thresholds)} href={links.rates} linkText={t("rates.link")}>
        <KpiFigures kpis={view.rates} prefix="ov-rates" against={t("delta.previous30")} extra={(currency, item) => {
          const standing = item.key === "chargebackRate" ? view.chargebackStanding[currency] : null;
          return standing ? <p data-testid={`ov-rates-${currency}-standing`} data-standing={standing} className={`text-xs font-medium ${STANDING_CLASS[standing]}`}>{t(`rates.standing.${standing}`, thresholds)}</p> : null;
        }} />
      </Tile>
      <Tile id="funds" title={t("funds.title")} basis={t(creator ? "funds.basisCreator" : "funds.basisAffiliate", { from: f.day(w.funds.from), to: f.day(w.funds.to) })} href={links.funds} linkText={t("funds.link")}>
        <AmountsPerCurrency testIdPrefix="ov-funds" none={t("funds.none")} rows={view.funds.map((row) => ({ currency: row.currency, amount: f.money(row.amount, row.currency), detail: t("funds.sales", { count: row.count }) }))} />
      </Tile>
      {view.abandoned && (
        <Tile id="abandoned" title={t("abandoned.title")} basis={t("abandoned.basis", { from: f.day(w.week.from), to: f.day(w.week.to) })} href={links.abandoned} linkText={t("abandoned.link")}>
          <AmountsPerCurrency testIdPrefix="ov-abandoned" none={t("abandoned.none")} rows={view.abandoned.map((row) => ({ currency: row.currency, amount: f.money(row.value, row.currency), detail: t("abandoned.carts", { count: row.carts }) }))} />
        </Tile>
      )}
      <Tile id="top" title={t(creator ? "top.titleCreator" : "top.titleAffiliate")} basis={t(creator ? "top.basisCreator" : "top.basisAffiliate")} href={links.top} linkText={t("top.link")}>
        {view.top.map((top) => top.perCurrency.map((c) => (
          <div key={`${top.dimension}-${c.currency}`}>
            <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">{t(`top.${top.dimension}`)} · {c.currency}</h3>
            <ol className="mt-1 space-y-1 text-sm" data-testid={`ov-top-${top.dimension}-${c.currency}`}>
              {c.rows.map((row) => (
                <li key={row.key} className="flex justify-between gap-3">
                  <span className="min-w-0 truncate" data-testid="ov-top-name">{row.label ?? row.key}</span>
                  <span className="shrink-0 tabular-nums" data-testid="ov-top-amount">{f.money(row.amount, c.currency)}</span>
                </li>
              ))}
            </ol>
          </div>
        )))}
      </Tile>
    </div>
  );
}
