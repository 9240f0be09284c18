// The URL state of a report table: sort, direction, page and hidden columns, under the table's
// name ("purchases.sort=amount&purchases.dir=asc&purchases.page=3&purchases.hide=offer"), so the
// two tables of one page (refunds, chargebacks) keep theirs apart, and no name can be taken for
// a report parameter (those never hold a dot). parseReportParams reads only its own names.
import { parseAsArrayOf, parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs/server";

export const TABLE_NAMES = ["purchases", "orders", "carts", "refunds", "chargebacks", "affiliates"] as const;
export type TableName = (typeof TABLE_NAMES)[number];

export function tableUrlKeys(table: TableName) {
  return { page: `${table}.page`, sort: `${table}.sort`, dir: `${table}.dir`, hide: `${table}.hide` };
}

export function tableUrlParsers(defaults: { sort: string; hidden: readonly string[] }) {
  return {
    page: parseAsInteger.withDefault(1),
    sort: parseAsString.withDefault(defaults.sort),
    dir: parseAsStringLiteral(["asc", "desc"] as const).withDefault("desc"),
    hide: parseAsArrayOf(parseAsString).withDefault([...defaults.hidden]),
  };
}
