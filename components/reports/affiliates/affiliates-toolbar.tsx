"use client";

import { useTranslations } from "next-intl";
import { parseAsBoolean, parseAsString, useQueryStates } from "nuqs";
import { AFFILIATES_FILTER_KEYS, MAX_AFFILIATES_FILTER_LENGTH } from "@/lib/report-params/table-url-parsers";

// The leaderboard's own filter, in the URL beside its sort (affiliates.q, affiliates.flagged):
// a copied address shows the same rows. Typing replaces the history entry instead of pushing one.
const FILTER_PARSERS = { text: parseAsString.withDefault(""), flaggedOnly: parseAsBoolean.withDefault(false) };

export function useAffiliatesFilter() {
  return useQueryStates(FILTER_PARSERS, { urlKeys: AFFILIATES_FILTER_KEYS, history: "replace", scroll: false });
}

type Filter = ReturnType<typeof useAffiliatesFilter>;

export function AffiliatesToolbar({ filter, setFilter }: { filter: Filter[0]; setFilter: Filter[1] }) {
  const t = useTranslations("affiliates");
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="affiliates-toolbar">
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm sm:max-w-xs">
        <span className="font-medium">{t("filterLabel")}</span>
        <input type="search" value={filter.text} maxLength={MAX_AFFILIATES_FILTER_LENGTH} placeholder={t("filterPlaceholder")} data-testid="affiliates-filter"
          onChange={(e) => void setFilter({ text: e.target.value || null })}
          className="rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900" />
      </label>
      <label className="flex items-center gap-2 self-end pb-1.5 text-sm">
        <input type="checkbox" checked={filter.flaggedOnly} data-testid="affiliates-flagged" onChange={(e) => void setFilter({ flaggedOnly: e.target.checked || null })} />
        {t("onlyFlagged")}
      </label>
    </div>
  );
}
