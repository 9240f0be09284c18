"use client";

import { reportScreen } from "@/components/reports/report-screen-spec";
import type { RefundsView } from "@/lib/reports/report-views";

export const RefundsScreen = reportScreen<RefundsView, "refunds">("refunds", {
  title: (t) => t("title"),
  basis: (t, params) => t(params.dating === "sale" ? "basisSale" : "basisEvent"),
  choices: (view) => ({ currencies: view?.kpis.map((k) => k.currency) ?? [], filterOptions: view?.filterOptions ?? {}, offers: view?.offers }),
  hiddenFilters: (keyType) => (keyType === "creator" ? [] : ["affiliate"]),
  file: (t) => ({ name: "kpis", label: t("kpisCsv") }),
});
