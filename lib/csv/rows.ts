// Rows arrive as an array, a generator or an async generator (pages from the upstream);
// the CSV and ZIP streams see one iterator either way.

export type Rows<T> = AsyncIterable<T> | Iterable<T>;
export type RowIterator<T> = AsyncIterator<T> | Iterator<T>;

/**
 * Rows that can also be read a batch at a time (issue #25: an await per row, through the
 * generators between the store and the stream, was a sixth of the purchases CSV's time): the
 * same rows in the same order, each batch an array. csvStream reads them so; anything else reads
 * them one at a time through the async iterator.
 */
export const ROW_BATCHES = Symbol("rowBatches");
export interface BatchedRows<T> extends AsyncIterable<T> {
  [ROW_BATCHES](): AsyncIterator<readonly T[]>;
}

export const isBatched = <T>(rows: Rows<T>): rows is BatchedRows<T> => ROW_BATCHES in rows;

/** Batches as rows that can be read either way; `batches` is called once per reading. */
export function batchedRows<T>(batches: () => AsyncIterator<readonly T[]>): BatchedRows<T> {
  return {
    [ROW_BATCHES]: batches,
    async *[Symbol.asyncIterator]() {
      const iterator = batches();
      try {
        for (;;) {
          const step = await iterator.next();
          if (step.done) return;
          yield* step.value;
        }
      } finally {
        await iterator.return?.();
      }
    },
  };
}

export function openRows<T>(rows: Rows<T>): RowIterator<T> {
  return Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
}

/** Closes an iterator early (a generator runs its finally blocks); its own failure is not the caller's. */
export async function closeRows(iterator: RowIterator<unknown> | undefined): Promise<void> {
  try {
    await iterator?.return?.();
  } catch {
    // the download is already over; the original reason is what matters
  }
}

/**
 * Awaits the first row, so that an upstream failure (expired credential, rate limit) is
 * thrown while the route handler can still answer with an error status, instead of after a
 * 200 and a header row. Returns rows that replay the first one, then continue.
 */
export async function primeRows<T>(rows: Rows<T>): Promise<AsyncIterable<T>> {
  const iterator = openRows(rows);
  let first: IteratorResult<T> | undefined = await iterator.next();
  let used = false;
  return {
    [Symbol.asyncIterator]() {
      if (used) throw new Error("primeRows: these rows can be read once");
      used = true;
      return {
        async next(): Promise<IteratorResult<T>> {
          if (first) {
            const step = first;
            first = undefined;
            return step;
          }
          return iterator.next();
        },
        async return(): Promise<IteratorResult<T>> {
          first = undefined;
          await closeRows(iterator);
          return { done: true, value: undefined };
        },
      };
    },
  };
}
