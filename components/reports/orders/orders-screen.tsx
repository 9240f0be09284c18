"use client";

import { useTranslations } from "next-intl";
import { lazyPanels } from "@/components/reports/lazy-panels";
import { ReportScreen } from "@/components/reports/report-screen";
import type { OrdersView } from "@/lib/reports/report-views";

// Out of the first load, fetched when the screen mounts (components/reports/lazy-panels.tsx).
const panels = lazyPanels<OrdersView>(() => import("./orders-panels").then((m) => m.OrdersPanels));

export function OrdersScreen() {
  const t = useTranslations("orders");
  return (
    <ReportScreen<OrdersView>
      id="orders"
      title={t("title")}
      basis={t("basis")}
      choices={(view) => ({ currencies: view?.totals.map((t) => t.currency) ?? [], filterOptions: view?.filterOptions ?? {}, offers: view?.offers })}
      file={{ name: "orders", label: t("csvAll") }}
      panels={panels}
      keyType="creator"
    />
  );
}
