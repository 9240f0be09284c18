"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { SIGNED_IN_LINKS } from "@/components/reports/panel-links";
import { ReportScreen } from "@/components/reports/report-screen";
import { PanelsPlaceholder, usePreload } from "@/components/reports/lazy-panels";
import type { KeyType } from "@/lib/auth/session-decision";
import type { RevenueView } from "@/lib/reports/revenue-view";


// Out of the first load, fetched when the screen mounts (components/reports/lazy-panels.tsx).
const loadPanels = () => import("./revenue-panels");
const RevenuePanels = dynamic(() => loadPanels().then((m) => m.RevenuePanels), { ssr: false, loading: PanelsPlaceholder });

export function RevenueScreen({ keyType, accountLabel }: { keyType: KeyType; accountLabel: string }) {
  usePreload(loadPanels);
  const t = useTranslations("revenue");
  return (
    <div data-account={accountLabel}>
      <ReportScreen<RevenueView>
        id="revenue"
        title={t(keyType === "creator" ? "titleCreator" : "titleAffiliate")}
        basis={t("basis")}
        choices={(view) => ({ currencies: view?.currencies ?? [], filterOptions: view?.filterOptions ?? {}, offers: view?.offers })}
        hiddenFilters={keyType === "affiliate" ? ["affiliate"] : []}
        comparisonFiles="key figures and over-time"
      >
        {(view, { params, query }) => <RevenuePanels view={view} params={params} query={query} keyType={keyType} links={SIGNED_IN_LINKS} />}
      </ReportScreen>
    </div>
  );
}
