"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useQueryStates } from "nuqs";
import { useEffect, useId, useState } from "react";
import { FILTER_KEYS, MAX_HOURLY_DAYS, PRESETS, type FilterKey, type Preset, type ReportParams } from "@/lib/report-params/definitions";
import { litPresets, PRESET_KEYS, presetOfKey, presetRange } from "@/lib/report-params/presets";
import { reportUrlParsers } from "@/lib/report-params/url-parsers";
import { daysBetween } from "@/lib/calendar";
import { useCurrencyName } from "@/components/i18n/use-currency-name";
import { useFilterValueLabel } from "./filter-labels";
import { Popover } from "@/components/ui/popover";
import type { OfferChoice } from "@/lib/reports/offer-choices";
import { TimeZonePicker } from "./time-zone-picker";
import { LazyDayField as DayField } from "./lazy-day-field";
import { card } from "@/components/ui/surface";
import { outlineButton, solidButton } from "@/components/ui/button-style";

// The Offer popover's groups: out of the first load (the budget), drawn in the closed popover
// moments after the page hydrates.
const OfferOptions = dynamic(() => import("./offer-options").then((m) => m.OfferOptions), { ssr: false });

const control = "max-w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-600 dark:bg-zinc-900";

type Props = { params: ReportParams; currencies: string[]; filterOptions: Partial<Record<FilterKey, string[]>>; offers?: OfferChoice[]; hiddenFilters?: FilterKey[] };

// Every control writes the URL (nuqs) and nothing else: the URL is the report's only state.
// Shallow: the report's view streams from its route (ReportScreen), the page is not rendered again.
export function ReportControls({ params, currencies, filterOptions, offers, hiddenFilters = [] }: Props) {
  const [, setQuery] = useQueryStates(reportUrlParsers, { history: "push" });
  const t = useTranslations("report");
  const tf = useTranslations("filters");
  const currencyName = useCurrencyName();
  const valueLabel = useFilterValueLabel(offers);
  // The selected values stay among the options even when the range has none of them, so a
  // filter that matches nothing can still be unticked here (and the dropdown never vanishes).
  const optionsOf = (key: FilterKey) => [...new Set([...params.filters[key], ...(filterOptions[key] ?? [])])];
  const days = daysBetween(params.from, params.to) + 1;
  // On a phone the controls sit behind one "Filters" button so the figures come first; from
  // the sm breakpoint up they are always open (the button is hidden, the panel shown by CSS).
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = params.compare !== "previous" || params.currency !== null || FILTER_KEYS.some((key) => params.filters[key].length > 0);

  const choosePreset = (preset: Preset) => void setQuery({ preset, ...presetRange(preset, params.tz), granularity: null });
  // Lit by the days, not by the URL's name: a range typed by hand that equals a preset lights
  // it, and yesterday's "last 7 days" link no longer claims to be today's.
  const lit = litPresets(params.from, params.to, params.tz);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.metaKey || event.ctrlKey || event.altKey || target?.closest("input, select, textarea, [contenteditable]")) return;
      const preset = presetOfKey(event.key);
      if (preset) {
        event.preventDefault();
        void setQuery({ preset, ...presetRange(preset, params.tz), granularity: null });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [params.tz, setQuery]);

  return (
    <div>
      <button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}
        className="inline-flex w-full items-center justify-between rounded-xl border border-zinc-300 bg-white px-4 py-2.5 text-sm font-medium sm:hidden dark:border-zinc-600 dark:bg-zinc-900">
        <span>{t("controls.filters")}{active && <span className="ml-2 text-xs font-normal text-zinc-600 dark:text-zinc-300">{t("controls.someSet")}</span>}</span>
        <span aria-hidden="true">{open ? "▲" : "▼"}</span>
      </button>
      <div id={panelId} className={card(`${open ? "mt-2 block" : "hidden"} space-y-3 p-4 sm:mt-0 sm:block`)}>
        <div className="flex flex-wrap gap-1.5" role="group" aria-label={t("controls.presetsLabel")}>
          {PRESETS.map((preset) => (
            <button key={preset} type="button" aria-pressed={lit.has(preset)} onClick={() => choosePreset(preset)} aria-keyshortcuts={PRESET_KEYS[preset]}
              className={lit.has(preset) ? solidButton("xs") : outlineButton("xs")}>
              {t(`presets.${preset}`)} <kbd className="ml-1 font-mono text-[10px] opacity-60">{PRESET_KEYS[preset].toUpperCase()}</kbd>
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-end gap-3 text-sm">
          <DayField which="from" value={params.from} max={params.to} onPick={(from) => void setQuery({ from, to: params.to, preset: null })} />
          <DayField which="to" value={params.to} min={params.from} onPick={(to) => void setQuery({ from: params.from, to, preset: null })} />
          <label className="flex max-w-full flex-col gap-1">{t("controls.compareWith")}
            <select className={control} value={params.compare} onChange={(e) => void setQuery({ compare: e.target.value as ReportParams["compare"] })}>
              <option value="previous">{t("controls.comparePrevious")}</option>
              <option value="last_year">{t("controls.compareLastYear")}</option>
              <option value="none">{t("controls.compareNone")}</option>
            </select>
          </label>
          <label className="flex flex-col gap-1">{t("controls.granularity")}
            <select className={control} value={params.granularity} onChange={(e) => void setQuery({ granularity: e.target.value as ReportParams["granularity"] })}>
              <option value="hour" disabled={days > MAX_HOURLY_DAYS}>{t("controls.hour")}</option>
              <option value="day">{t("controls.day")}</option>
              <option value="week">{t("controls.week")}</option>
              <option value="month">{t("controls.month")}</option>
            </select>
          </label>
          {/* UTC is written too: a URL without a zone means the browser's. */}
          <TimeZonePicker value={params.tz} onPick={(tz) => void setQuery({ tz })} />
          <label className="flex flex-col gap-1">{t("controls.currency")}
            <select className={control} value={params.currency ?? ""} onChange={(e) => void setQuery({ currency: e.target.value || null })}>
              <option value="">{t("controls.allCurrencies")}</option>
              {[...new Set([...(params.currency ? [params.currency] : []), ...currencies])].map((c) => <option key={c} value={c}>{currencyName(c)}</option>)}
            </select>
          </label>
        </div>
        <div className="flex flex-wrap gap-2 text-sm">
          {FILTER_KEYS.filter((key) => !hiddenFilters.includes(key) && optionsOf(key).length > 0).map((key) => {
            const checkbox = (option: string) => {
              const checked = params.filters[key].includes(option);
              return (
                <label key={option} className="flex items-center gap-2 py-0.5">
                  <input type="checkbox" checked={checked} onChange={() => void setQuery({ [key]: checked ? params.filters[key].filter((v) => v !== option) : [...params.filters[key], option] })} />
                  {valueLabel(key, option)}
                </label>
              );
            };
            return (
              <Popover key={key} summaryClassName={`${control} cursor-pointer list-none`} summary={<>{tf(`labels.${key}`)}{params.filters[key].length ? ` (${params.filters[key].length})` : ""}</>}>
                <fieldset className="absolute z-10 mt-1 max-h-64 w-64 max-w-[calc(100vw-2.5rem)] overflow-auto rounded-md border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
                  <legend className="sr-only">{tf(`labels.${key}`)}</legend>
                  {key === "offer" && offers ? (
                    <OfferOptions options={optionsOf(key)} offers={offers} filters={params.filters} label={valueLabel} option={checkbox} />
                  ) : optionsOf(key).map(checkbox)}
                </fieldset>
              </Popover>
            );
          })}
        </div>
      </div>
    </div>
  );
}
