// A page of a report table, sorted on the server over the whole filtered range. Shared by the
// purchases and orders tables: each says how to read its sort keys and how to show a row.

export interface TableRequest<S extends string> { page: number; pageSize: number; sort: S; dir: "asc" | "desc"; reveal: boolean }

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
    reveal: query.get("reveal") === "1",
  };
}

export function tablePage<T, S extends string, R>(
  records: readonly T[],
  request: TableRequest<S>,
  sortValue: Record<S, (record: T) => string | number>,
  tieBreak: (record: T) => number,
  toRow: (record: T, reveal: boolean) => R,
): { total: number; page: number; items: R[] } {
  const pick = sortValue[request.sort];
  const sign = request.dir === "asc" ? 1 : -1;
  const sorted = [...records].sort((a, b) => {
    const x = pick(a);
    const y = pick(b);
    return (x < y ? -1 : x > y ? 1 : 0) * sign || (tieBreak(a) - tieBreak(b)) * sign;
  });
  const pages = Math.max(1, Math.ceil(sorted.length / request.pageSize));
  const page = Math.min(request.page, pages);
  return { total: sorted.length, page, items: sorted.slice((page - 1) * request.pageSize, page * request.pageSize).map((r) => toRow(r, request.reveal)) };
}
