import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eventColumnsOf, eventRowsOf } from "@/lib/store/event-fact-columns";
import type { EventFigureRow } from "@/lib/store/event-fact-store";

// A few values that repeat (as statuses and products do), "" and text beyond ASCII.
const text = fc.oneof(fc.constantFrom("", "approved", "Sourdough Masterclass", "pt-BR ção", "brl"), fc.string({ unit: "binary", maxLength: 12 }));
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const instant = maybe(fc.integer({ min: -8.64e15, max: 8.64e15 }));

const row: fc.Arbitrary<EventFigureRow> = fc.record({
  saleId: maybe(fc.oneof(fc.integer(), fc.constant(Number.MAX_SAFE_INTEGER + 2))),
  at: instant,
  currency: maybe(text),
  amountCents: fc.integer({ min: -1e12, max: 1e12 }),
  fullType: fc.boolean(),
  dispute: fc.boolean(),
  won: fc.boolean(),
  daysBucket: maybe(fc.integer({ min: 0, max: 10 })),
  saleAt: instant,
  orderId: maybe(text),
});

describe("the refunds' and chargebacks' rows as columns", () => {
  it("give back every row as it was, null and empty text apart, after a copy between threads", () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (rows) => {
        expect(eventRowsOf(structuredClone(eventColumnsOf(rows)))).toEqual(rows);
      }),
      { numRuns: 500 },
    );
  });

  it("hold each distinct text once", () => {
    const base: EventFigureRow = { saleId: 1, at: 0, currency: "usd", amountCents: 100, fullType: false, dispute: true, won: false, daysBucket: null, saleAt: null, orderId: "usd" };
    const columns = eventColumnsOf([base, { ...base, orderId: "o2" }, { ...base, currency: null }]);
    expect(columns.texts).toEqual(["usd", "o2"]);
    expect(eventRowsOf(columns)).toEqual([base, { ...base, orderId: "o2" }, { ...base, currency: null }]);
  });
});
