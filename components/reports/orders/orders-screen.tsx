"use client";

import { reportScreen } from "@/components/reports/report-screen-spec";
import type { OrdersView } from "@/lib/reports/report-views";

export const OrdersScreen = reportScreen<OrdersView, "orders">("orders", {
  title: (t) => t("title"),
  basis: (t) => t("basis"),
  choices: (view) => ({ currencies: view?.totals.map((t) => t.currency) ?? [], filterOptions: view?.filterOptions ?? {}, offers: view?.offers }),
  file: (t) => ({ name: "orders", label: t("csvAll") }),
});
