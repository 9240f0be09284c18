"use client";

import { useTranslations } from "next-intl";
import { ReportScreen } from "@/components/reports/report-screen";
import type { OrdersView } from "@/lib/reports/report-views";

export function OrdersScreen() {
  const t = useTranslations("orders");
  return (
    <ReportScreen<OrdersView>
      id="orders"
      title={t("title")}
      basis={t("basis")}
      choices={(view) => ({ currencies: view?.totals.map((t) => t.currency) ?? [], filterOptions: view?.filterOptions ?? {}, offers: view?.offers })}
      file={{ name: "orders", label: t("csvAll") }}
      keyType="creator"
    />
  );
}
