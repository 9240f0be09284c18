"use client";

import type { OrderRow } from "@/lib/reports/report-views";
import { zoneOfQuery } from "@/lib/report-params/report-links";
import { RecordsTable, withZone, type TableColumn } from "./records-table";

const COLUMNS: TableColumn<OrderRow>[] = [
  { key: "id", label: "Order" },
  { key: "createdAt", label: "Created", sort: "createdAt" },
  { key: "product", label: "Product", sort: "product" },
  { key: "amount", label: "Amount", numeric: true, sort: "amount" },
  { key: "milestone", label: "Milestone", sort: "milestone" },
  { key: "carrier", label: "Carrier" },
  { key: "country", label: "Country", sort: "country" },
  { key: "customer", label: "Customer", personal: true },
  { key: "email", label: "E-mail", personal: true },
];

export function OrdersTable({ query, total, csvHref }: { query: string; total: number; csvHref: string }) {
  return <RecordsTable title="Orders" table="orders" endpoint="/api/reports/orders/rows" query={query} total={total} columns={withZone(COLUMNS, zoneOfQuery(query), "createdAt")} defaultSort="createdAt" defaultHidden={["carrier"]} rowKey={(r) => r.id} csvHref={csvHref} testId="order" />;
}
