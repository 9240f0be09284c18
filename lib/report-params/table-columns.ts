// The columns a report table can hide and sort by, named in its URL state
// ("purchases.hide=offer", "orders.sort=amount"). Refunds and chargebacks take their columns
// from the fields their records carry, so only the direction and page are checked for them.
import { paramIssue, type ParamIssue } from "./param-issues";
import { TABLE_NAMES, tableUrlKeys, type TableName } from "./table-url-parsers";

/** The Affiliates leaderboard's sortable columns (affiliates.sort). */
export const AFFILIATE_SORTS = ["affiliate", "sales", "netRevenue", "commission", "orderBump", "upsell", "refundRate", "chargebackRate", "trend"] as const;

export const TABLE_COLUMNS: Partial<Record<TableName, { columns: readonly string[]; sorts: readonly string[] }>> = {
  purchases: {
    columns: ["id", "createdAt", "product", "offer", "type", "method", "psp", "cardBrand", "country", "amount", "customer", "email"],
    sorts: ["createdAt", "amount", "product", "type", "method", "country"],
  },
  orders: {
    columns: ["id", "createdAt", "product", "amount", "milestone", "carrier", "country", "customer", "email"],
    sorts: ["createdAt", "amount", "product", "milestone", "country"],
  },
  carts: {
    columns: ["checkoutId", "sessionAt", "product", "amount", "attempts", "decline", "recovered", "country", "customer", "email", "phone"],
    sorts: ["sessionAt", "amount", "product", "attempts", "decline", "recovered"],
  },
  // The Affiliates leaderboard: sorted on the page, never paged nor hidden (hide and page are checked all the same).
  affiliates: {
    columns: AFFILIATE_SORTS,
    sorts: AFFILIATE_SORTS,
  },
};

type Raw = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The problems of the tables' URL state, and that state without the bad values (as query
 * entries), so the nearest valid report keeps the table as the user left it otherwise.
 */
export function readTableParams(raw: Raw, problems: ParamIssue[]): Array<[string, string]> {
  const kept: Array<[string, string]> = [];
  for (const table of TABLE_NAMES) {
    const keys = tableUrlKeys(table);
    const known = TABLE_COLUMNS[table];
    const hide = one(raw[keys.hide]);
    if (hide !== undefined) {
      const names = hide.split(",").filter(Boolean);
      const bad = known ? names.filter((n) => !known.columns.includes(n)) : [];
      for (const name of bad) problems.push(paramIssue("notColumn", { name, table, param: keys.hide, value: hide, columns: known!.columns.join(", ") }));
      const good = names.filter((n) => !bad.includes(n));
      if (good.length || !bad.length) kept.push([keys.hide, good.join(",")]);
    }
    const sort = one(raw[keys.sort]);
    if (sort !== undefined) {
      if (known && !known.sorts.includes(sort)) problems.push(paramIssue("notSort", { table, sort, param: keys.sort, sorts: known.sorts.join(", ") }));
      else kept.push([keys.sort, sort]);
    }
    const dir = one(raw[keys.dir]);
    if (dir !== undefined) {
      if (dir !== "asc" && dir !== "desc") problems.push(paramIssue("notDirection", { dir, param: keys.dir }));
      else kept.push([keys.dir, dir]);
    }
    const page = one(raw[keys.page]);
    if (page !== undefined) {
      if (!/^[1-9][0-9]{0,6}$/.test(page)) problems.push(paramIssue("notPage", { page, param: keys.page }));
      else kept.push([keys.page, page]);
    }
  }
  return kept;
}
