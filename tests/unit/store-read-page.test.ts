import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PAGE_READ_AHEAD_ROWS, readPage, type FactPageQueries } from "@/lib/store/purchase-fact-sql";

// readPage over a table of `total` rows (their values 0, 1, ...), its statements carried as
// JSON: the count, and a slice of the rows in an order.
type Request = { page: number; pageSize: number; dir: "asc" | "desc" };
type Asked = { count: true } | { dir: "asc" | "desc"; offset: number; limit: number };
const queries: FactPageQueries<Request, { v: number }, number> = {
  count: () => ({ text: JSON.stringify({ count: true }), args: [] }),
  page: (_dialect, _table, _account, _request, dir, offset, limit) => ({ text: JSON.stringify({ dir, offset, limit }), args: [] }),
  itemsOf: (rows, reversed) => (reversed ? rows.map((r) => r.v).reverse() : rows.map((r) => r.v)),
};

function tableOf(total: number) {
  const asked: Asked[] = [];
  const answer = (text: string): Array<{ n: number } | { v: number }> => {
    const q = JSON.parse(text) as Asked;
    asked.push(q);
    if ("count" in q) return [{ n: total }];
    const rows = Array.from({ length: total }, (_, i) => (q.dir === "asc" ? i : total - 1 - i));
    return rows.slice(q.offset, q.offset + q.limit).map((v) => ({ v }));
  };
  return { asked, answer };
}

/** The page as the rows say it is: the last page past the end, in the asked order. */
function expected(total: number, request: Request) {
  const pages = Math.max(1, Math.ceil(total / request.pageSize));
  const page = Math.min(Math.max(1, request.page), pages);
  const all = Array.from({ length: total }, (_, i) => (request.dir === "asc" ? i : total - 1 - i));
  return { total, page, items: all.slice((page - 1) * request.pageSize, page * request.pageSize) };
}

describe("readPage", () => {
  it("reads a page beside its count, asked before the count answers", async () => {
    const { asked, answer } = tableOf(1_000);
    let pageAsked!: () => void;
    const pageAskedYet = new Promise<void>((resolve) => (pageAsked = resolve));
    // The count answers only once the page has been asked beside it: read one after the other, this never ends.
    const read = async <T extends object>(s: { text: string }) => {
      await pageAskedYet;
      return answer(s.text) as T[];
    };
    const beside = async <T extends object>(s: { text: string }) => {
      pageAsked();
      return answer(s.text) as T[];
    };
    const request: Request = { page: 3, pageSize: 50, dir: "desc" };
    expect(await readPage(queries, "postgres", "t", "a", request, read, beside)).toEqual(expected(1_000, request));
    expect(asked).toHaveLength(2);
  });

  it("gives the page the count places, read again where it is not the one read ahead; none read ahead past its depth", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 60 }), fc.constantFrom<"asc" | "desc">("asc", "desc"), async (total, page, pageSize, dir) => {
        const { asked, answer } = tableOf(total);
        const read = async <T extends object>(s: { text: string }) => answer(s.text) as T[];
        const request: Request = { page, pageSize, dir };
        expect(await readPage(queries, "postgres", "t", "a", request, read, read)).toEqual(expected(total, request));
        expect(await readPage(queries, "postgres", "t", "a", request, read)).toEqual(expected(total, request));
        // A page placed where it was read ahead is not read again.
        const slices = asked.filter((q) => !("count" in q));
        expect(slices.length).toBeLessThanOrEqual(3);
      }),
      { numRuns: 300 },
    );
    const { asked, answer } = tableOf(10);
    const read = async <T extends object>(s: { text: string }) => answer(s.text) as T[];
    await readPage(queries, "postgres", "t", "a", { page: PAGE_READ_AHEAD_ROWS / 10 + 1, pageSize: 10, dir: "asc" }, read, read);
    // Deeper than the read ahead's reach: the count first, then the page it places (the last here).
    expect(asked).toEqual([{ count: true }, { dir: "asc", offset: 0, limit: 10 }]);
  });
});
