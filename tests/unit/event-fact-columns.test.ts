import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eventColumnsOf, eventRowsOf } from "@/lib/store/event-fact-columns";
import type { EventFactRow } from "@/lib/store/event-fact-store";

// A few values that repeat (as statuses and products do), "" and text beyond ASCII.
const text = fc.oneof(fc.constantFrom("", "approved", "Sourdough Masterclass", "pt-BR ção", "brl"), fc.string({ unit: "binary", maxLength: 12 }));
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const instant = maybe(fc.integer({ min: -8.64e15, max: 8.64e15 }));

const row: fc.Arbitrary<EventFactRow> = fc.record({
  eventId: text,
  saleId: maybe(fc.oneof(fc.integer(), fc.constant(Number.MAX_SAFE_INTEGER + 2))),
  at: instant,
  currency: maybe(text),
  amountCents: fc.integer({ min: -1e12, max: 1e12 }),
  fullType: fc.boolean(),
  dispute: fc.boolean(),
  won: fc.boolean(),
  resolvedAt: instant,
  daysBucket: maybe(fc.integer({ min: 0, max: 10 })),
  saleAt: instant,
  orderId: maybe(text),
  status: maybe(text),
  kind: maybe(text),
  reason: maybe(text),
  dims: fc.record({ product: maybe(text), offer: maybe(text), type: maybe(text), method: maybe(text), psp: maybe(text), affiliate: maybe(text) }),
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
    const base: EventFactRow = { eventId: "e", saleId: 1, at: 0, currency: "usd", amountCents: 100, fullType: false, dispute: true, won: false, resolvedAt: null, daysBucket: null, saleAt: null, orderId: null, status: "approved", kind: null, reason: null, dims: { product: "usd", offer: null, type: null, method: null, psp: null, affiliate: null } };
    const columns = eventColumnsOf([base, { ...base, eventId: "f" }]);
    expect(columns.texts).toEqual(["e", "f", "usd", "approved"]);
    expect(eventRowsOf(columns)).toEqual([base, { ...base, eventId: "f" }]);
  });
});
