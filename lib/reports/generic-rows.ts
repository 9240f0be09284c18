import "server-only";

// A page of generic records (refunds, chargebacks): sortable by any discovered column, with
// personal columns masked unless the user asked to see them.
import { formatGenericCell, genericColumns } from "./generic-columns";
import { tablePage, type TableRequest } from "./table-page";

type Rec = Record<string, unknown>;

export function genericRowsPage(records: readonly Rec[], request: TableRequest<string>) {
  const columns = genericColumns(records);
  const sortValue = Object.fromEntries(columns.map((c) => [c.key, (r: Rec) => (typeof r[c.key] === "number" ? (r[c.key] as number) : String(r[c.key] ?? ""))]));
  const sort = columns.some((c) => c.key === request.sort) ? request.sort : (columns.find((c) => c.kind === "date")?.key ?? columns[0]?.key ?? "");
  const index = new Map(records.map((r, i) => [r, i]));
  return tablePage(records, { ...request, sort }, sortValue as Record<string, (r: Rec) => string | number>, (r) => index.get(r) ?? 0, (r, reveal) =>
    Object.fromEntries(columns.map((c) => [c.key, c.kind === "personal" && reveal ? String(r[c.key] ?? "") : formatGenericCell(r, c)])),
  );
}
