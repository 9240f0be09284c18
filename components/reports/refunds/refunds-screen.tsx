"use client";

import { useTranslations } from "next-intl";
import { ReportScreen } from "@/components/reports/report-screen";
import type { KeyType } from "@/lib/auth/session-decision";
import type { RefundsView } from "@/lib/reports/report-views";

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
      keyType={keyType}
    />
  );
}
