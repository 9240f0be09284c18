"use client";

import { useTranslations } from "next-intl";
import type { TableRow } from "@/lib/reports/revenue-view";
import { RecordsTable, type TableColumn } from "../records-table";
import { zoneOfQuery } from "@/lib/report-params/report-links";
import { rowsEndpoint } from "@/lib/reports/report-definitions";

export function PurchasesTable({ query, total, valueLabel, csvHref }: { query: string; total: number; valueLabel: string; csvHref: string }) {
  const t = useTranslations("revenue.purchases");
  // The day and the amount first: a phone shows two or three columns before it scrolls.
  const columns: TableColumn<TableRow>[] = [
    { key: "createdAt", label: t("createdAt", { zone: zoneOfQuery(query) }), sort: "createdAt" },
    { key: "amount", label: valueLabel, numeric: true, sort: "amount" },
    { key: "product", label: t("product"), sort: "product" },
    { key: "offer", label: t("offer"), code: "offer", nameKey: "offerName" },
    { key: "type", label: t("type"), sort: "type", code: "purchaseType" },
    { key: "method", label: t("method"), sort: "method", code: "paymentMethod" },
    { key: "psp", label: t("psp"), code: "psp" },
    { key: "cardBrand", label: t("cardBrand"), code: "cardBrand" },
    { key: "country", label: t("country"), sort: "country", code: "country" },
    { key: "customer", label: t("customer"), personal: true },
    { key: "email", label: t("email"), personal: true },
    { key: "id", label: t("id") },
  ];
  return (
    <RecordsTable title={t("title")} table="purchases" endpoint={rowsEndpoint("revenue", "purchases")} query={query} total={total} columns={columns} defaultSort="createdAt" defaultHidden={["offer", "psp", "cardBrand"]}
      rowKey={(r) => r.id} csvHref={csvHref} testId="purchase" />
  );
}
