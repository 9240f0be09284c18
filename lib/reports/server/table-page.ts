import "server-only";
import { isTimeZone } from "@/lib/report-params/time-zone";

// A page of a report table, sorted on the server over the whole filtered range. The sort is
// an order of positions (sortedOrder), kept with the records (table-snapshot.ts): the next page
// of the same sort is a slice of it. Rows are always masked: customer details are answered by
// a server action, for the rows on screen only (lib/reports/customer-details.ts).

export interface TableRequest<S extends string> {
  page: number;
  pageSize: number;
  sort: S;
  dir: "asc" | "desc";
  /** The report's time zone, in which the rows' times are written (UTC when absent). */
  timeZone?: string;
}

export interface TablePage<R> { total: number; page: number; items: R[] }

export const MAX_PAGE_SIZE = 200;

export function readTableRequest<S extends string>(query: URLSearchParams, sortKeys: readonly S[], defaultSort: S): TableRequest<S> {
  const int = (name: string, fallback: number, max: number) => {
    const n = Number(query.get(name));
    return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
  };
  const sort = query.get("sort");
  return {
    page: int("page", 1, 1_000_000),
    pageSize: int("pageSize", 50, MAX_PAGE_SIZE),
    sort: (sortKeys as readonly string[]).includes(sort ?? "") ? (sort as S) : defaultSort,
    dir: query.get("dir") === "asc" ? "asc" : "desc",
    timeZone: isTimeZone(query.get("tz") ?? "") ? query.get("tz")! : "UTC",
  };
}

export type SortValues<T, S extends string> = Record<S, (record: T) => string | number>;

/**
 * The positions of `records` in the order of one sort key (ties broken by `tieBreak`, the same
 * direction), read once per record rather than once per comparison.
 */
export function sortedOrder<T>(records: readonly T[], pick: (record: T) => string | number, tieBreak: (record: T, position: number) => number, dir: "asc" | "desc"): Int32Array {
  const n = records.length;
  const values = new Array<string | number>(n);
  const ties = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const record = records[i] as T;
    values[i] = pick(record);
    ties[i] = tieBreak(record, i);
  }
  const sign = dir === "asc" ? 1 : -1;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order.sort((a, b) => {
    const x = values[a] as string | number;
    const y = values[b] as string | number;
    return ((x < y ? -1 : x > y ? 1 : 0) || ((ties[a] as number) - (ties[b] as number))) * sign;
  });
}

/** The request's page of `order`, each record shown by `toRow` (given its position too). */
export function pageOf<T, R>(records: readonly T[], order: Int32Array, request: { page: number; pageSize: number }, toRow: (record: T, position: number) => R): TablePage<R> {
  const pages = Math.max(1, Math.ceil(order.length / request.pageSize));
  const page = Math.min(request.page, pages);
  const items: R[] = [];
  const end = Math.min(order.length, page * request.pageSize);
  for (let i = (page - 1) * request.pageSize; i < end; i++) {
    const position = order[i] as number;
    items.push(toRow(records[position] as T, position));
  }
  return { total: order.length, page, items };
}

/** Where a table keeps its orders: the snapshot's cache, or nothing (sorted for this call only). */
export type OrderMemo = (orderKey: string, sort: () => Int32Array) => Int32Array;

const sortOnce: OrderMemo = (_key, sort) => sort();

/** The request's page, sorted by its key and direction with `memo`'s order when it has one. */
export function sortedPage<T, S extends string, R>(
  records: readonly T[],
  request: TableRequest<S>,
  sortValues: SortValues<T, S>,
  tieBreak: (record: T, position: number) => number,
  toRow: (record: T, position: number) => R,
  memo: OrderMemo = sortOnce,
): TablePage<R> {
  const order = memo(`${request.sort}:${request.dir}`, () => sortedOrder(records, sortValues[request.sort], tieBreak, request.dir));
  return pageOf(records, order, request, toRow);
}
