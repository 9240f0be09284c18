"use client";

import type { TableRow } from "@/lib/reports/revenue-view";
import { RecordsTable, type TableColumn } from "../records-table";
import { zoneOfQuery } from "@/lib/report-params/report-links";

export function PurchasesTable({ query, total, valueLabel, csvHref }: { query: string; total: number; valueLabel: string; csvHref: string }) {
  const columns: TableColumn<TableRow>[] = [
    { key: "id", label: "Purchase" },
    { key: "createdAt", label: `Created (${zoneOfQuery(query)})`, sort: "createdAt" },
    { key: "product", label: "Product", sort: "product" },
    { key: "offer", label: "Offer" },
    { key: "type", label: "Type", sort: "type" },
    { key: "method", label: "Payment", sort: "method" },
    { key: "country", label: "Country", sort: "country" },
    { key: "amount", label: valueLabel, numeric: true, sort: "amount" },
    { key: "customer", label: "Customer", personal: true },
    { key: "email", label: "E-mail", personal: true },
  ];
  return (
    <RecordsTable title="Purchases" table="purchases" endpoint="/api/reports/revenue/rows" query={query} total={total} columns={columns} defaultSort="createdAt" defaultHidden={["offer"]}
      rowKey={(r) => r.id} csvHref={csvHref} testId="purchase" />
  );
}
