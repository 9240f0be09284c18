"use client";

import type { GenericColumn } from "@/lib/reports/generic-columns";
import { GENERIC_ROW_ID } from "@/lib/reports/generic-row-id";
import { zoneOfQuery } from "@/lib/report-params/report-links";
import { RecordsTable, type TableColumn } from "../records-table";

type Row = Record<string, string>;

// Records whose fields the contract does not show, with columns discovered from what they carry.
export function RecordsPanel({ title, kind, query, columns, total, csvHref, testId }: { title: string; kind: "refunds" | "chargebacks"; query: string; columns: GenericColumn[]; total: number; csvHref: string; testId: string }) {
  const tableColumns: TableColumn<Row>[] = columns.map((c) => ({ key: c.key, label: c.kind === "date" ? `${c.key} (${zoneOfQuery(query)})` : c.key, sort: c.key, numeric: c.kind === "money", personal: c.kind === "personal" }));
  const firstDate = columns.find((c) => c.kind === "date")?.key ?? columns[0]?.key ?? "";
  return (
    <RecordsTable title={title} table={kind} endpoint="/api/reports/refunds/rows" query={`${query}&kind=${kind}`} total={total} columns={tableColumns} defaultSort={firstDate}
      rowKey={(r) => r[GENERIC_ROW_ID] ?? JSON.stringify(r)} csvHref={csvHref} testId={testId} />
  );
}
