import { useTranslations } from "next-intl";
import type { AbandonmentView } from "@/lib/reports/report-views";
import { CsvLink } from "@/components/reports/csv-link";
import { useCodeLabel } from "@/components/i18n/use-code-label";
import { useFormats } from "@/components/i18n/use-formats";
import { heatmapWeekdayNames } from "@/lib/analytics/abandonment-weekdays";
import { NONE } from "@/lib/analytics/dimensions";
import { categoryLabel, type CategoryLabel } from "@/lib/i18n/code-labels";
import { card } from "@/components/ui/surface";
import { ScrollRegion } from "@/components/ui/scroll-region";

type PanelRow = Pick<AbandonmentView["byOffer"][number], "key" | "label" | "count" | "values">;

function WhereTable<R extends PanelRow>({ title, rows, dataset, labelOf }: { title: string; rows: R[]; dataset: string; labelOf: (row: R) => CategoryLabel }) {
  const f = useFormats();
  return (
    <div className={card("p-4 text-sm")}>
      <h3 className="font-semibold">{title} <CsvLink dataset={dataset} /></h3>
      <ul className="mt-2 space-y-1">
        {rows.slice(0, 12).map((r) => (
          <li key={r.key} className="flex justify-between gap-3"><RowLabel {...labelOf(r)} /><span className="tabular-nums">{f.number(r.count)} · {r.values.map((v) => f.money(v.amount, v.currency)).join(" · ")}</span></li>
        ))}
      </ul>
    </div>
  );
}

function RowLabel({ label, secondary }: CategoryLabel) {
  return <span className="min-w-0">{label}{secondary && <span className="block text-xs text-zinc-600 dark:text-zinc-400">{secondary}</span>}</span>;
}

const hourOf = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** On a phone, 7 × 24 cells do not fit: the busiest weekday-hours, ranked, instead. */
function HeatmapRanked({ heatmap, weekdays }: { heatmap: AbandonmentView["heatmap"]; weekdays: string[] }) {
  const t = useTranslations("abandonment.where");
  const f = useFormats();
  const slots = heatmap.cells
    .flatMap((row, d) => row.map((count, hour) => ({ d, hour, count })))
    .filter((s) => s.count > 0)
    .sort((a, b) => b.count - a.count || a.hour - b.hour)
    .slice(0, 10);
  return (
    <ol className="mt-2 space-y-1 text-sm md:hidden" data-testid="heatmap-ranked" aria-label={t("rankedLabel")}>
      {slots.map((s) => (
        <li key={`${s.d}-${s.hour}`} className="flex items-center gap-2">
          <span className="w-32 shrink-0 whitespace-nowrap">{weekdays[s.d]} {hourOf(s.hour)}–{hourOf(s.hour + 1)}</span>
          <span className="h-2 rounded-sm bg-[var(--chart-1)]" style={{ width: `${heatmap.max ? Math.max(4, Math.round((s.count / heatmap.max) * 100)) : 0}%`, maxWidth: "45%" }} aria-hidden="true" />
          <span className="ml-auto tabular-nums">{f.number(s.count)}</span>
        </li>
      ))}
      {slots.length === 0 && <li>{t("noCarts")}</li>}
    </ol>
  );
}

// Where checkouts are lost: by offer, product and place, and when (weekday × local hour).
export function WherePanel({ view }: { view: Pick<AbandonmentView, "heatmap" | "byOffer" | "byProduct" | "byCountryState"> }) {
  const { heatmap } = view;
  const label = useCodeLabel();
  const t = useTranslations("abandonment.where");
  const f = useFormats();
  const weekdays = heatmapWeekdayNames(f.locale);
  return (
    <section aria-labelledby="ab-where" className="space-y-4">
      <h2 id="ab-where" className="text-lg font-semibold">{t("title")}</h2>
      <div className="grid gap-4 md:grid-cols-3">
        <WhereTable title={t("byOffer")} rows={view.byOffer} dataset="by-offer" labelOf={(r) => categoryLabel(label, "offer", r.key, r.label)} />
        <WhereTable title={t("byProduct")} rows={view.byProduct} dataset="by-product" labelOf={(r) => categoryLabel(label, "product", r.key)} />
        <WhereTable title={t("byCountryState")} rows={view.byCountryState} dataset="by-country-state" labelOf={(r) => ({ label: r.state && r.state !== NONE ? t("stateOfCountry", { state: r.state, country: label("country", r.country) }) : label("country", r.country) })} />
      </div>
      <div className={card("p-4")}>
        <h3 className="text-sm font-semibold">{t("heatmapTitle", { timeZone: heatmap.timeZone })} <CsvLink dataset="heatmap" /></h3>
        <HeatmapRanked heatmap={heatmap} weekdays={weekdays} />
        <ScrollRegion className="hidden md:block" label={t("heatmapScrollable")}>
        <table className="mt-2 text-[10px]" data-testid="heatmap" aria-label={t("heatmapLabel")}>
          <thead><tr><th scope="col" />{Array.from({ length: 24 }, (_, h) => <th key={h} scope="col" className="w-6 text-center font-normal text-zinc-600 dark:text-zinc-400">{h}</th>)}</tr></thead>
          <tbody>
            {heatmap.cells.map((row, d) => (
              <tr key={d}>
                <th scope="row" className="pr-2 text-left font-medium">{weekdays[d]}</th>
                {row.map((count, h) => (
                  <td key={h} title={`${weekdays[d]} ${hourOf(h)} — ${f.number(count)}`} className="h-5 w-6 text-center tabular-nums" style={{ background: `color-mix(in srgb, var(--heat) ${heatmap.max ? Math.round((count / heatmap.max) * 70) : 0}%, transparent)` }}>{count ? f.number(count) : ""}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        </ScrollRegion>
      </div>
    </section>
  );
}
