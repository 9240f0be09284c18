"use client";

import { useTranslations } from "next-intl";
import type { GenericColumn } from "@/lib/reports/generic-columns";
import { GENERIC_ROW_ID } from "@/lib/reports/generic-row-id";
import { zoneOfQuery } from "@/lib/report-params/report-links";
import { RecordsTable, type TableColumn } from "../records-table";
import { rowsEndpoint } from "@/lib/reports/report-definitions";

type Row = Record<string, string>;

// Records whose fields the contract does not show, with columns discovered from what they carry.
export function RecordsPanel({ title, kind, query, columns, total, csvHref, testId }: { title: string; kind: "refunds" | "chargebacks"; query: string; columns: GenericColumn[]; total: number; csvHref: string; testId: string }) {
  const t = useTranslations("codes");
  // The API's field names stay in the CSV's header; on screen a known field reads as words.
  const known = t.has as (key: string) => boolean;
  const name = (key: string) => (known(`field.${key}`) ? t(`field.${key}` as "field.refundId") : key);
  const tableColumns: TableColumn<Row>[] = columns.map((c) => ({ key: c.key, label: c.kind === "date" ? `${name(c.key)} (${zoneOfQuery(query)})` : name(c.key), sort: c.key, numeric: c.kind === "money", personal: c.kind === "personal", ...(c.code ? { code: c.code } : {}) }));
  const firstDate = columns.find((c) => c.kind === "date")?.key ?? columns[0]?.key ?? "";
  return (
    <RecordsTable title={title} table={kind} endpoint={rowsEndpoint("refunds", kind)} query={query} total={total} columns={tableColumns} defaultSort={firstDate}
      rowKey={(r) => r[GENERIC_ROW_ID] ?? JSON.stringify(r)} csvHref={csvHref} testId={testId} />
  );
}
