"use client";

import { reportScreen } from "@/components/reports/report-screen-spec";
import type { AbandonmentView } from "@/lib/reports/report-views";

const filterChoices = (view: AbandonmentView) => ({ product: view.byProduct.map((r) => r.key), offer: view.byOffer.map((r) => r.key), psp: view.matrix.psps, method: view.approval.paymentMethod.rows.map((r) => r.key), brand: view.approval.cardBrand.rows.map((r) => r.key) });

export const AbandonmentScreen = reportScreen<AbandonmentView, "abandonment">("abandonment", {
  title: (t) => t("title"),
  basis: (t) => t("basis"),
  choices: (view) => ({ currencies: view?.kpis.map((k) => k.currency) ?? [], filterOptions: view ? filterChoices(view) : {}, offers: view?.offers }),
  hiddenFilters: () => ["affiliate", "type", "country"],
  file: (t) => ({ name: "carts", label: t("csvAll") }),
});
