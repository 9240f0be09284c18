"use client";

import { reportScreen } from "@/components/reports/report-screen-spec";
import type { AffiliatesView } from "@/lib/reports/report-views";

export const AffiliatesScreen = reportScreen<AffiliatesView, "affiliates">("affiliates", {
  title: (t) => t("title"),
  basis: (t) => t("basis"),
  choices: (view) => ({ currencies: view?.blocks.map((b) => b.currency) ?? [], filterOptions: {} }),
  // The leaderboard is of every affiliate: its own name filter narrows the rows instead.
  hiddenFilters: () => ["affiliate"],
  comparisonFiles: (t) => t("comparisonFiles"),
});
