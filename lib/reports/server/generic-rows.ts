import "server-only";

// A page of generic records (refunds, chargebacks): sortable by any discovered column, personal
// columns always masked. Each row carries its record's id under GENERIC_ROW_ID (the resource's
// id field, else its position), by which the reveal action answers its details.
import { firstField } from "@/lib/sales-api";
import { GENERIC_ROW_ID } from "@/lib/reports/generic-row-id";
import { formatGenericCell, genericColumns, type GenericColumn } from "@/lib/reports/generic-columns";
import { sortedPage, type OrderMemo, type TableRequest } from "@/lib/reports/server/table-page";

type Rec = Record<string, unknown>;

export { GENERIC_ROW_ID };

export function genericRowId(record: Rec, position: number, idFields: readonly string[]): string {
  const id = firstField(record, idFields);
  return id === undefined ? `#${position}` : String(id);
}

export function genericDetails(record: Rec, columns: readonly GenericColumn[]): Record<string, string> {
  return Object.fromEntries(columns.filter((c) => c.kind === "personal").map((c) => [c.key, record[c.key] === null || record[c.key] === undefined ? "" : String(record[c.key])]));
}

export function genericRowsPage(records: readonly Rec[], request: TableRequest<string>, options: { idFields?: readonly string[]; columns?: GenericColumn[]; memo?: OrderMemo } = {}) {
  const columns = options.columns ?? genericColumns(records);
  const sortValue = Object.fromEntries(columns.map((c) => [c.key, (r: Rec) => (typeof r[c.key] === "number" ? (r[c.key] as number) : String(r[c.key] ?? ""))]));
  const sort = columns.some((c) => c.key === request.sort) ? request.sort : (columns.find((c) => c.kind === "date")?.key ?? columns[0]?.key ?? "");
  const idFields = options.idFields ?? [];
  if (!sortValue[sort]) return { total: records.length, page: 1, items: [] as Record<string, string>[] };
  return sortedPage(records, { ...request, sort }, sortValue as Record<string, (r: Rec) => string | number>, (_r, position) => position, (r, position): Record<string, string> => ({
    ...Object.fromEntries(columns.map((c) => [c.key, formatGenericCell(r, c, request.timeZone)])),
    [GENERIC_ROW_ID]: genericRowId(r, position, idFields),
  }), options.memo);
}
