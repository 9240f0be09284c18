"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { SIGNED_IN_LINKS } from "@/components/reports/panel-links";
import { ReportScreen } from "@/components/reports/report-screen";
import { PanelsPlaceholder, usePreload } from "@/components/reports/lazy-panels";
import type { AbandonmentView } from "@/lib/reports/report-views";

const filterChoices = (view: AbandonmentView) => ({ product: view.byProduct.map((r) => r.key), offer: view.byOffer.map((r) => r.key), psp: view.matrix.psps, method: view.approval.paymentMethod.rows.map((r) => r.key), brand: view.approval.cardBrand.rows.map((r) => r.key) });

// Out of the first load, fetched when the screen mounts (components/reports/lazy-panels.tsx).
const loadPanels = () => import("./abandonment-panels");
const AbandonmentPanels = dynamic(() => loadPanels().then((m) => m.AbandonmentPanels), { ssr: false, loading: PanelsPlaceholder });

export function AbandonmentScreen() {
  usePreload(loadPanels);
  const t = useTranslations("abandonment");
  return (
    <ReportScreen<AbandonmentView>
      id="abandonment"
      title={t("title")}
      basis={t("basis")}
      choices={(view) => ({ currencies: view?.kpis.map((k) => k.currency) ?? [], filterOptions: view ? filterChoices(view) : {}, offers: view?.offers })}
      hiddenFilters={["affiliate", "type", "country"]}
      file={{ name: "carts", label: t("csvAll") }}
    >
      {(view, { params, query }) => <AbandonmentPanels view={view} params={params} query={query} keyType="creator" links={SIGNED_IN_LINKS} />}
    </ReportScreen>
  );
}
