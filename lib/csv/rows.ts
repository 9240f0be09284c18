// Rows arrive as an array, a generator or an async generator (pages from the upstream);
// the CSV and ZIP streams see one iterator either way.

export type Rows<T> = AsyncIterable<T> | Iterable<T>;
export type RowIterator<T> = AsyncIterator<T> | Iterator<T>;

export function openRows<T>(rows: Rows<T>): RowIterator<T> {
  return Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
}

/** Closes an iterator early (a generator runs its finally blocks); its own failure is not the caller's. */
export async function closeRows<T>(iterator: RowIterator<T> | undefined): Promise<void> {
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
