"use client";

import { useTranslations } from "next-intl";
import { ReportScreen } from "@/components/reports/report-screen";
import type { KeyType } from "@/lib/auth/session-decision";
import type { AffiliatesView } from "@/lib/reports/report-views";

export function AffiliatesScreen({ keyType }: { keyType: KeyType }) {
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
      keyType={keyType}
    />
  );
}
