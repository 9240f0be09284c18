"use client";

import { useTranslations } from "next-intl";
import { lazyPanels } from "@/components/reports/lazy-panels";
import { ReportScreen } from "@/components/reports/report-screen";
import type { KeyType } from "@/lib/auth/session-decision";
import type { RefundsView } from "@/lib/reports/report-views";

// Out of the first load, fetched when the screen mounts (components/reports/lazy-panels.tsx).
const panels = lazyPanels<RefundsView>(() => import("./refunds-panels").then((m) => m.RefundsPanels));

export function RefundsScreen({ keyType }: { keyType: KeyType }) {
  const t = useTranslations("refunds");
  return (
    <ReportScreen<RefundsView>
      id="refunds"
      title={t("title")}
      basis={(params) => t(params.dating === "sale" ? "basisSale" : "basisEvent")}
      choices={(view) => ({ currencies: view?.kpis.map((k) => k.currency) ?? [], filterOptions: view?.filterOptions ?? {}, offers: view?.offers })}
      hiddenFilters={keyType === "creator" ? [] : ["affiliate"]}
      file={{ name: "kpis", label: t("kpisCsv") }}
      panels={panels}
      keyType={keyType}
    />
  );
}
