"use client";

import type { CartRow } from "@/lib/reports/report-views";
import { zoneOfQuery } from "@/lib/report-params/report-links";
import { RecordsTable, withZone, type TableColumn } from "../records-table";

const COLUMNS: TableColumn<CartRow>[] = [
  { key: "checkoutId", label: "Checkout" },
  { key: "sessionAt", label: "Session start", sort: "sessionAt" },
  { key: "product", label: "Product", sort: "product" },
  { key: "amount", label: "Amount", numeric: true, sort: "amount" },
  { key: "attempts", label: "Attempts", numeric: true, sort: "attempts" },
  { key: "decline", label: "Last decline", sort: "decline" },
  { key: "recovered", label: "Recovered", sort: "recovered" },
  { key: "country", label: "Country" },
  { key: "customer", label: "Customer", personal: true },
  { key: "email", label: "E-mail", personal: true },
  { key: "phone", label: "Phone", personal: true },
];

export function CartsTable({ query, total, csvHref }: { query: string; total: number; csvHref: string }) {
  return <RecordsTable title="Abandoned carts" table="carts" endpoint="/api/reports/abandonment/rows" query={query} total={total} columns={withZone(COLUMNS, zoneOfQuery(query), "sessionAt")} defaultSort="sessionAt" defaultHidden={["phone"]} rowKey={(r) => r.checkoutId} csvHref={csvHref} testId="cart" />;
}
