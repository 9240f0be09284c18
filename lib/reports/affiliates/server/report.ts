import "server-only";

// The Affiliates report to the server: the leaderboard's view and its files (the whole filtered range).
import { getReportFactStore } from "@/lib/mirror/mirror-access";
import { AFFILIATES_CSV_NAMES, AFFILIATES_HOLD_COMPARISON, affiliatesDatasets } from "@/lib/reports/server/affiliates-csv";
import { buildAffiliatesView, loadAffiliatesReport } from "@/lib/reports/server/affiliates-report";
import { filteredReport } from "@/lib/reports/server/filtered-report";
import type { ShareKeep } from "@/lib/reports/server/filtered-report";
import type { SharedAffiliatesView, SharedViews } from "@/lib/sharing/shared-views";

export const affiliatesReport = filteredReport({
  id: "affiliates",
  build: (client, _account, params, options) => buildAffiliatesView(client, params, { facts: getReportFactStore(), ...options }),
  exports: {
    title: "Affiliates",
    names: AFFILIATES_CSV_NAMES,
    holdsComparison: AFFILIATES_HOLD_COMPARISON,
    load: async ({ request, client, params }) => {
      const { view } = await loadAffiliatesReport(client, params, { signal: request.signal });
      return { quality: view.quality, datasets: affiliatesDatasets(view) };
    },
  },
  share: {
    keep: {
      comparison: true, comparisonDataFrom: true, minSample: true, flagMultiple: true, blocks: true, sales: true, unavailable: true, quality: true,
    } satisfies ShareKeep<SharedAffiliatesView>,
    datasets: (view) => affiliatesDatasets(view as SharedViews["affiliates"]),
  },
});
