"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { SIGNED_IN_LINKS } from "@/components/reports/panel-links";
import { ReportScreen } from "@/components/reports/report-screen";
import { PanelsPlaceholder, usePreload } from "@/components/reports/lazy-panels";
import type { KeyType } from "@/lib/auth/session-decision";
import type { AffiliatesView } from "@/lib/reports/report-views";

// Out of the first load, fetched when the screen mounts (components/reports/lazy-panels.tsx).
const loadPanels = () => import("./affiliates-panels");
const AffiliatesPanels = dynamic(() => loadPanels().then((m) => m.AffiliatesPanels), { ssr: false, loading: PanelsPlaceholder });

export function AffiliatesScreen({ keyType }: { keyType: KeyType }) {
  usePreload(loadPanels);
  const t = useTranslations("affiliates");
  return (
    <ReportScreen<AffiliatesView>
      id="affiliates"
      title={t("title")}
      basis={t("basis")}
      choices={(view) => ({ currencies: view?.blocks.map((b) => b.currency) ?? [], filterOptions: {} })}
      // The leaderboard is of every affiliate: its own name filter narrows the rows instead.
      hiddenFilters={["affiliate"]}
      comparisonFiles={t("comparisonFiles")}
    >
      {(view, { params, query }) => <AffiliatesPanels view={view} params={params} query={query} keyType={keyType} links={SIGNED_IN_LINKS} />}
    </ReportScreen>
  );
}
