"use client";

import { useTranslations } from "next-intl";
import type { OrderRow } from "@/lib/reports/report-views";
import { zoneOfQuery } from "@/lib/report-params/report-links";
import { RecordsTable, withZone, type TableColumn } from "./records-table";
import { rowsEndpoint } from "@/lib/reports/report-definitions";

// The day and the amount first (a phone shows two or three columns before it scrolls), the id last.
// Labels are the keys of `report.tables.orderColumns`, worded in the reader's language below.
const COLUMNS: Array<TableColumn<OrderRow> & { key: OrderColumn }> = [
  { key: "createdAt", label: "Created", sort: "createdAt" },
  { key: "amount", label: "Amount", numeric: true, sort: "amount" },
  { key: "product", label: "Product", sort: "product" },
  { key: "milestone", label: "Milestone", sort: "milestone", code: "milestone" },
  { key: "carrier", label: "Carrier", code: "carrier" },
  { key: "country", label: "Country", sort: "country", code: "country" },
  { key: "customer", label: "Customer", personal: true },
  { key: "email", label: "E-mail", personal: true },
  { key: "id", label: "Order" },
];

type OrderColumn = "id" | "createdAt" | "product" | "amount" | "milestone" | "carrier" | "country" | "customer" | "email";

export function OrdersTable({ query, total, csvHref }: { query: string; total: number; csvHref: string }) {
  const t = useTranslations("report.tables");
  const columns = COLUMNS.map((c) => ({ ...c, label: t(`orderColumns.${c.key}`) }));
  return <RecordsTable title={t("orders")} table="orders" endpoint={rowsEndpoint("orders", "orders")} query={query} total={total} columns={withZone(columns, zoneOfQuery(query), "createdAt")} defaultSort="createdAt" defaultHidden={["carrier"]} rowKey={(r) => r.id} csvHref={csvHref} testId="order" />;
}
