"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { SIGNED_IN_LINKS } from "@/components/reports/panel-links";
import { ReportScreen } from "@/components/reports/report-screen";
import { PanelsPlaceholder, usePreload } from "@/components/reports/lazy-panels";
import type { OrdersView } from "@/lib/reports/report-views";

// Out of the first load, fetched when the screen mounts (components/reports/lazy-panels.tsx).
const loadPanels = () => import("./orders-panels");
const OrdersPanels = dynamic(() => loadPanels().then((m) => m.OrdersPanels), { ssr: false, loading: PanelsPlaceholder });

export function OrdersScreen() {
  usePreload(loadPanels);
  const t = useTranslations("orders");
  return (
    <ReportScreen<OrdersView>
      id="orders"
      title={t("title")}
      basis={t("basis")}
      choices={(view) => ({ currencies: view?.totals.map((t) => t.currency) ?? [], filterOptions: view?.filterOptions ?? {}, offers: view?.offers })}
      file={{ name: "orders", label: t("csvAll") }}
    >
      {(view, { params, query }) => <OrdersPanels view={view} params={params} query={query} keyType="creator" links={SIGNED_IN_LINKS} />}
    </ReportScreen>
  );
}
