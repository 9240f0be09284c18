"use client";

import { useQueryStates } from "nuqs";
import { useTranslations } from "next-intl";
import { FILTER_KEYS, type FilterKey, type ReportParams } from "@/lib/report-params/definitions";
import { reportUrlParsers } from "@/lib/report-params/url-parsers";
import { useCurrencyName } from "@/components/i18n/use-currency-name";
import { useFilterValueLabel } from "./filter-labels";
import type { OfferChoice } from "@/lib/reports/offer-choices";

type Props = {
  params: ReportParams;
  /** What the loaded view for these parameters offers; null while it is not loaded. */
  known: { currencies: string[]; filterOptions: Partial<Record<FilterKey, string[]>> } | null;
  /** The last view's offers (while a new one loads, the previous): an offer's chip names it as the Offer filter does. */
  offers?: OfferChoice[];
};

type Chip = { key: FilterKey | "currency"; value: string; label: string; words: string; empty: boolean };

// Every active filter on screen, removable in one click, on every report: a filter that came
// from a link (or matches nothing and so has no option left in the dropdowns) can still be seen
// and undone. "Matches nothing" is said only once the view for these very parameters is in, and
// only for a filter whose report offers choices to compare with.
export function FilterChips({ params, known, offers }: Props) {
  const t = useTranslations("filters");
  const valueLabel = useFilterValueLabel(offers);
  const currencyName = useCurrencyName();
  const [, setQuery] = useQueryStates(reportUrlParsers, { history: "push" });
  const chips: Chip[] = [];
  // A report's currencies are those of its filtered records: with other filters set, an absent
  // currency may be their doing, so the currency alone is marked only when it is the only filter.
  const otherFilters = FILTER_KEYS.some((key) => params.filters[key].length > 0);
  if (params.currency) {
    chips.push({ key: "currency", value: params.currency, label: t("labels.currency"), words: currencyName(params.currency), empty: known !== null && !otherFilters && !known.currencies.includes(params.currency) });
  }
  for (const key of FILTER_KEYS) {
    const options = known?.filterOptions[key];
    for (const value of params.filters[key]) {
      chips.push({ key, value, label: t(`labels.${key}`), words: valueLabel(key, value), empty: options !== undefined && !options.includes(value) });
    }
  }
  if (chips.length === 0) return null;

  const remove = (chip: Chip) =>
    void setQuery(chip.key === "currency" ? { currency: null } : { [chip.key]: params.filters[chip.key].filter((v) => v !== chip.value) });
  const clearAll = () => void setQuery({ currency: null, ...Object.fromEntries(FILTER_KEYS.map((key) => [key, null])) });

  return (
    <section aria-label={t("chipsLabel")} data-testid="filter-chips" className="space-y-2">
      <ul className="flex flex-wrap items-center gap-2 text-sm">
        {chips.map((chip) => (
          <li key={`${chip.key}:${chip.value}`} data-testid="filter-chip" data-empty={chip.empty || undefined}
            className={`inline-flex max-w-full items-center gap-1 rounded-full py-0.5 pl-3 pr-1 ring-1 ring-inset ${chip.empty ? "bg-amber-50 text-amber-950 ring-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800" : "bg-zinc-100 ring-zinc-300 dark:bg-zinc-800 dark:ring-zinc-600"}`}>
            <span className="truncate">{t("chip", { label: chip.label, value: chip.words })}</span>
            {chip.empty && <span className="text-xs font-medium">· {t("matchesNothing")}</span>}
            <button type="button" onClick={() => remove(chip)} aria-label={t("remove", { label: chip.label, value: chip.words })}
              className="ml-1 inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-zinc-300 focus-visible:outline focus-visible:outline-2 dark:hover:bg-zinc-600">
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
        {chips.length > 0 && (
          <li>
            <button type="button" onClick={clearAll} className="rounded-md px-2 py-0.5 underline">{t("clearAll")}</button>
          </li>
        )}
      </ul>
      {chips.some((c) => c.empty) && <p role="status" data-testid="filters-match-nothing" className="text-sm text-amber-900 dark:text-amber-200">{t("noRecordsMatch")}</p>}
    </section>
  );
}
