"use client";

import { reportScreen } from "@/components/reports/report-screen-spec";
import type { RevenueView } from "@/lib/reports/revenue-view";

export const RevenueScreen = reportScreen<RevenueView, "revenue">("revenue", {
  title: (t, keyType) => t(keyType === "creator" ? "titleCreator" : "titleAffiliate"),
  basis: (t) => t("basis"),
  choices: (view) => ({ currencies: view?.currencies ?? [], filterOptions: view?.filterOptions ?? {}, offers: view?.offers }),
  // An affiliate's sales are all its own: no affiliate to choose.
  hiddenFilters: (keyType) => (keyType === "affiliate" ? ["affiliate"] : []),
  comparisonFiles: (t) => t("comparisonFiles"),
});
