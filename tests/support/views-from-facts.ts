import fc from "fast-check";
import { expect, vi } from "vitest";

// A report's view from a fact table beside the view its records give: the two must be equal,
// and the table must have been read (or not) as the report's rule says.

/** The most frequent value (ties: the first in order), to filter on a value many records have. */
export const mostCommon = (values: string[]): string => {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
};

/** A view without the moment it was computed: the one thing that differs between two computations. */
export const timeless = <T>(v: T) => JSON.parse(JSON.stringify(v, (key, value: unknown) => (key === "computedAt" ? 0 : value))) as T;

/** The view built from the store (and whether its `read` method was called) and the view built from the records (no store). */
export async function viewsFromFactsAndRecords<S extends object, V>(store: S, read: keyof S & string, build: (store: S | undefined) => Promise<V>) {
  const spy = vi.spyOn(store as Record<string, (...args: never[]) => unknown>, read);
  try {
    const fromFacts = await build(store);
    const wasRead = spy.mock.calls.length > 0;
    const fromRecords = await build(undefined);
    return { read: wasRead, fromFacts: timeless(fromFacts), fromRecords: timeless(fromRecords) };
  } finally {
    spy.mockRestore();
  }
}

/** The view from the table, once shown that the table was read and that its view is the one the records give. */
export async function readAndSameAsRecords<V>(views: Promise<{ read: boolean; fromFacts: V; fromRecords: V }>): Promise<V> {
  const { read, fromFacts, fromRecords } = await views;
  expect(read).toBe(true);
  expect(fromFacts).toEqual(fromRecords);
  return fromFacts;
}

/**
 * A view property over fast-check's draws: for each case drawn, the view made with the store is
 * the view the records give (made without it). `tally` sees each view first, and whether the
 * store's `read` method was called for it, for the caller to show that the draws were answered
 * by the table and found data, or the property would hold of little.
 */
export async function viewHoldsToRecords<S extends object, C, V>(
  store: S,
  read: keyof S & string,
  cases: fc.Arbitrary<C>,
  view: (c: C, facts?: S) => Promise<V>,
  tally: (view: V, readForIt: boolean) => void,
  parameters: fc.Parameters<[C]>,
): Promise<void> {
  const spy = vi.spyOn(store as Record<string, (...args: never[]) => unknown>, read);
  try {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const calls = spy.mock.calls.length;
        const fromFacts = await view(c, store);
        tally(fromFacts, spy.mock.calls.length > calls);
        expect(fromFacts).toEqual(await view(c));
      }),
      parameters,
    );
  } finally {
    spy.mockRestore();
  }
}
