"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { SIGNED_IN_LINKS } from "@/components/reports/panel-links";
import { ReportScreen } from "@/components/reports/report-screen";
import { PanelsPlaceholder, usePreload } from "@/components/reports/lazy-panels";
import type { KeyType } from "@/lib/auth/session-decision";
import type { RefundsView } from "@/lib/reports/report-views";

// Out of the first load, fetched when the screen mounts (components/reports/lazy-panels.tsx).
const loadPanels = () => import("./refunds-panels");
const RefundsPanels = dynamic(() => loadPanels().then((m) => m.RefundsPanels), { ssr: false, loading: PanelsPlaceholder });

export function RefundsScreen({ keyType }: { keyType: KeyType }) {
  usePreload(loadPanels);
  const t = useTranslations("refunds");
  return (
    <ReportScreen<RefundsView>
      id="refunds"
      title={t("title")}
      basis={(params) => t(params.dating === "sale" ? "basisSale" : "basisEvent")}
      choices={(view) => ({ currencies: view?.kpis.map((k) => k.currency) ?? [], filterOptions: view?.filterOptions ?? {}, offers: view?.offers })}
      hiddenFilters={keyType === "creator" ? [] : ["affiliate"]}
      file={{ name: "kpis", label: t("kpisCsv") }}
    >
      {(view, { params, query }) => <RefundsPanels view={view} params={params} query={query} keyType={keyType} links={SIGNED_IN_LINKS} />}
    </ReportScreen>
  );
}
