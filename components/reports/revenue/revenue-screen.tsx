"use client";

import { useTranslations } from "next-intl";
import { ReportScreen } from "@/components/reports/report-screen";
import type { KeyType } from "@/lib/auth/session-decision";
import type { RevenueView } from "@/lib/reports/revenue-view";

export function RevenueScreen({ keyType, accountLabel }: { keyType: KeyType; accountLabel: string }) {
  const t = useTranslations("revenue");
  return (
    <div data-account={accountLabel}>
      <ReportScreen<RevenueView>
        id="revenue"
        title={t(keyType === "creator" ? "titleCreator" : "titleAffiliate")}
        basis={t("basis")}
        choices={(view) => ({ currencies: view?.currencies ?? [], filterOptions: view?.filterOptions ?? {}, offers: view?.offers })}
        hiddenFilters={keyType === "affiliate" ? ["affiliate"] : []}
        comparisonFiles={t("comparisonFiles")}
        keyType={keyType}
      />
    </div>
  );
}
