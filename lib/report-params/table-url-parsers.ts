// The URL state of a report table: sort, direction, page and hidden columns, under the table's
// name ("purchases.sort=amount&purchases.dir=asc&purchases.page=3&purchases.hide=offer"), so the
// two tables of one page (refunds, chargebacks) keep theirs apart, and no name can be taken for
// a report parameter (those never hold a dot). parseReportParams reads only its own names.
import { parseAsArrayOf, parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs/server";

export const TABLE_NAMES = ["purchases", "orders", "carts", "refunds", "chargebacks", "affiliates"] as const;
export type TableName = (typeof TABLE_NAMES)[number];

/** The Affiliates leaderboard's own filter beside its sort: a name's text, and only the flagged rows. */
export const AFFILIATES_FILTER_KEYS = { text: "affiliates.q", flaggedOnly: "affiliates.flagged" } as const;
/** Longer text matches no affiliate name anyone types: a bound on what a URL or saved view carries. */
export const MAX_AFFILIATES_FILTER_LENGTH = 100;

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
