import { describe, expect, it } from "vitest";
import { closeRows, openRows, primeRows } from "@/lib/csv/rows";

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe("primeRows", () => {
  it("throws the first row's failure before any response is made", async () => {
    async function* failing(): AsyncGenerator<number> {
      throw new Error("401 from upstream");
    }
    await expect(primeRows(failing())).rejects.toThrow("401 from upstream");
  });

  it("replays the first row, then continues", async () => {
    let reads = 0;
    async function* source(): AsyncGenerator<number> {
      for (const n of [1, 2, 3]) {
        reads++;
        yield n;
      }
    }
    const rows = await primeRows(source());
    expect(reads).toBe(1);
    expect(await collect(rows)).toEqual([1, 2, 3]);
  });

  it("handles empty and synchronous sources", async () => {
    expect(await collect(await primeRows([]))).toEqual([]);
    expect(await collect(await primeRows(["a", "b"]))).toEqual(["a", "b"]);
  });

  it("closes the source when closed early, even before reading the replayed row", async () => {
    let closed = false;
    function* source(): Generator<number> {
      try {
        yield 1;
        yield 2;
      } finally {
        closed = true;
      }
    }
    const rows = await primeRows(source());
    await rows[Symbol.asyncIterator]().return?.();
    expect(closed).toBe(true);
  });

  it("can be read once", async () => {
    const rows = await primeRows([1]);
    await collect(rows);
    expect(() => rows[Symbol.asyncIterator]()).toThrow(/once/);
  });
});

describe("openRows / closeRows", () => {
  it("opens sync and async iterables and swallows a failing close", async () => {
    expect(openRows([1]).next()).toEqual({ done: false, value: 1 });
    const iterator = {
      next: () => ({ done: true as const, value: undefined }),
      return: () => {
        throw new Error("close failed");
      },
    };
    await expect(closeRows(iterator)).resolves.toBeUndefined();
    await expect(closeRows(undefined)).resolves.toBeUndefined();
  });
});
