"use client";

import { useTranslations } from "next-intl";
import type { CartRow } from "@/lib/reports/report-views";
import { zoneOfQuery } from "@/lib/report-params/report-links";
import { RecordsTable, withZone, type TableColumn } from "../records-table";
import { rowsEndpoint } from "@/lib/reports/report-definitions";

type Column = Omit<TableColumn<CartRow>, "label">;

// The day and the amount first (a phone shows two or three columns before it scrolls), the id last.
const COLUMNS: Column[] = [
  { key: "sessionAt", sort: "sessionAt" },
  { key: "amount", numeric: true, sort: "amount" },
  { key: "product", sort: "product" },
  { key: "attempts", numeric: true, sort: "attempts" },
  { key: "decline", sort: "decline", code: "declineCode" },
  { key: "recovered", sort: "recovered" },
  { key: "country", code: "country" },
  { key: "customer", personal: true },
  { key: "email", personal: true },
  { key: "phone", personal: true },
  { key: "checkoutId" },
];

export function CartsTable({ query, total, csvHref }: { query: string; total: number; csvHref: string }) {
  const t = useTranslations("abandonment.carts");
  const columns = COLUMNS.map((c) => ({ ...c, label: t(c.key) }));
  return <RecordsTable title={t("title")} table="carts" endpoint={rowsEndpoint("abandonment", "carts")} query={query} total={total} columns={withZone(columns, zoneOfQuery(query), "sessionAt")} defaultSort="sessionAt" defaultHidden={["phone"]} rowKey={(r) => r.checkoutId} csvHref={csvHref} testId="cart" />;
}
