import "server-only";

// The Affiliates report to the server: the leaderboard's view and its files (the whole filtered range).
import { getReportEventFactStore, getReportFactStore } from "@/lib/mirror/mirror-access";
import { AFFILIATES_CSV_NAMES, AFFILIATES_HOLD_COMPARISON, affiliatesDatasets } from "@/lib/reports/server/affiliates-csv";
import { buildAffiliatesView } from "@/lib/reports/server/affiliates-report";
import { filteredReport, type ShareKeep } from "@/lib/reports/server/filtered-report";
import { AFFILIATES_FILTER_KEYS, MAX_AFFILIATES_FILTER_LENGTH } from "@/lib/report-params/table-url-parsers";
import type { SharedAffiliatesView, SharedViews } from "@/lib/sharing/shared-views";

const KEEP = { comparison: true, comparisonDataFrom: true, minSample: true, flagMultiple: true, blocks: true, sales: true, unavailable: true, quality: true } satisfies ShareKeep<SharedAffiliatesView>;

export const affiliatesReport = filteredReport({
  id: "affiliates",
  build: (client, _account, params, options) => buildAffiliatesView(client, params, { facts: getReportFactStore(), eventFacts: getReportEventFactStore(), ...options }),
  exports: {
    names: AFFILIATES_CSV_NAMES, holdsComparison: AFFILIATES_HOLD_COMPARISON,
    load: ({ request, client, params }) => buildAffiliatesView(client, params, { signal: request.signal, facts: getReportFactStore(), eventFacts: getReportEventFactStore() }).then((view) => ({ quality: view.quality, datasets: affiliatesDatasets(view) })),
  },
  share: { keep: KEEP, datasets: (view) => affiliatesDatasets(view as SharedViews["affiliates"]) },
  savedView: {
    tables: ["affiliates"],
    // The leaderboard's own filter: a view of "only the flagged" opens flagged.
    keep: (search, _params, kept) => {
      const text = search.get(AFFILIATES_FILTER_KEYS.text)?.trim().slice(0, MAX_AFFILIATES_FILTER_LENGTH);
      if (text) kept.set(AFFILIATES_FILTER_KEYS.text, text);
      if (search.get(AFFILIATES_FILTER_KEYS.flaggedOnly) === "true") kept.set(AFFILIATES_FILTER_KEYS.flaggedOnly, "true");
    },
  },
});
