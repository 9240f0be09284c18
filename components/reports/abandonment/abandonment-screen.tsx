"use client";

import { useTranslations } from "next-intl";
import { ReportScreen } from "@/components/reports/report-screen";
import type { AbandonmentView } from "@/lib/reports/report-views";

const filterChoices = (view: AbandonmentView) => ({ product: view.byProduct.map((r) => r.key), offer: view.byOffer.map((r) => r.key), psp: view.matrix.psps, method: view.approval.paymentMethod.rows.map((r) => r.key), brand: view.approval.cardBrand.rows.map((r) => r.key) });

export function AbandonmentScreen() {
  const t = useTranslations("abandonment");
  return (
    <ReportScreen<AbandonmentView>
      id="abandonment"
      title={t("title")}
      basis={t("basis")}
      choices={(view) => ({ currencies: view?.kpis.map((k) => k.currency) ?? [], filterOptions: view ? filterChoices(view) : {}, offers: view?.offers })}
      hiddenFilters={["affiliate", "type", "country"]}
      file={{ name: "carts", label: t("csvAll") }}
      keyType="creator"
    />
  );
}
