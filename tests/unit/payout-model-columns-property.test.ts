import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keepBacktestSpan, keepBacktestSpans } from "@/lib/analytics/payout-backtest";
import { fitRiskModel, HORIZON_DAYS, lossesBySale, lossSalesOf, MIN_PRODUCT_SALES, type LossEvent } from "@/lib/analytics/payout-risk";
import type { PayoutSale } from "@/lib/analytics/payout-calendar";
import { oracleBacktestSpan, oracleFitRiskModel, oracleLossesBySale } from "../support/payout-model-oracle";

// The payout model reads the sales as columns and the events in request order once, for the fit
// at now and each back-tested month's start: held to the sale-by-sale oracle on random histories
// (ties in request time, won disputes, losses past the net, sales without a net or availability,
// products over and under the curve threshold, events of sales that are not in the list).
const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);

const history = fc.record({
  sales: fc.array(
    fc.record({
      day: fc.integer({ min: 0, max: 200 }),
      minute: fc.integer({ min: 0, max: 1439 }),
      net: fc.oneof(fc.integer({ min: -500, max: 0 }), fc.integer({ min: 1, max: 50_000 })),
      product: fc.constantFrom("a", "b", "c"),
      availableAfter: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
    }),
    { minLength: 0, maxLength: 300 },
  ),
  events: fc.array(
    fc.record({
      sale: fc.integer({ min: 0, max: 320 }),
      kind: fc.constantFrom("refund" as const, "chargeback" as const),
      afterDays: fc.integer({ min: 0, max: 90 }),
      hour: fc.constantFrom(0, 5, 5, 12),
      lost: fc.integer({ min: 1, max: 60_000 }),
      wonAfter: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
    }),
    { maxLength: 200 },
  ),
  cutoffDay: fc.integer({ min: 0, max: 260 }),
});

type History = typeof history extends fc.Arbitrary<infer T> ? T : never;

function built(h: History) {
  const sales: PayoutSale[] = h.sales.map((s, i) => {
    const soldMs = T0 + s.day * DAY + s.minute * 60_000;
    return { id: i + 1, soldMs, netCents: s.net, product: s.product, currency: "brl", availableMs: s.availableAfter === null ? null : soldMs + s.availableAfter * DAY, lostNowCents: 0 };
  });
  const events: LossEvent[] = h.events.map((e) => {
    const sale = sales[e.sale];
    const atMs = (sale?.soldMs ?? T0) + e.afterDays * DAY + e.hour * 3_600_000;
    return { saleId: e.sale + 1, kind: e.kind, atMs, lostCents: e.lost, ...(e.wonAfter === undefined ? {} : { reversedMs: atMs + e.wonAfter * DAY }) };
  });
  return { sales, events, cutoffMs: T0 + h.cutoffDay * DAY + 7 * 3_600_000 };
}

describe("the payout model over columns", () => {
  it("fits the curves the sale-by-sale oracle fits, at any cutoff", () => {
    fc.assert(
      fc.property(history, (h) => {
        const { sales, events, cutoffMs } = built(h);
        expect(fitRiskModel(sales, events, cutoffMs)).toEqual(oracleFitRiskModel(sales, events, cutoffMs));
        // Again over the same lists: what is kept per list (columns, request order) changes nothing.
        expect(fitRiskModel(sales, events, cutoffMs - 10 * DAY)).toEqual(oracleFitRiskModel(sales, events, cutoffMs - 10 * DAY));
        const index = lossSalesOf(sales, events);
        expect(lossesBySale(events, index, cutoffMs)).toEqual(oracleLossesBySale(events, index, cutoffMs));
      }),
      { numRuns: 300 },
    );
  });

  it("fits what the oracle fits over thousands of sales, at cutoffs before, among and after them (the mature sales summed from checkpoints)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 2_000, max: 7_000 }), fc.array(fc.integer({ min: -70, max: 450 }), { minLength: 1, maxLength: 6 }), (seed, count, cutoffDays) => {
        let state = seed;
        const random = () => ((state = (Math.imul(state, 48_271) + 11) % 2_147_483_647) & 0x7fffffff) / 2_147_483_647;
        // Nearly in order, newest first, as the records come; some ties, some without a net.
        const sales: PayoutSale[] = Array.from({ length: count }, (_, i) => {
          const soldMs = T0 + Math.floor(((count - i) / count) * 400 * DAY) - Math.floor(random() * 3 * DAY) + (random() < 0.05 ? 0 : Math.floor(random() * 1000));
          return { id: i + 1, soldMs, netCents: random() < 0.03 ? 0 : 1 + Math.floor(random() * 9_000), product: ["a", "b", "c", "d"][Math.floor(random() * random() * 4)]!, currency: "brl", availableMs: null, lostNowCents: 0 };
        });
        const events: LossEvent[] = Array.from({ length: Math.floor(count / 20) }, () => {
          const sale = sales[Math.floor(random() * count)]!;
          return { saleId: sale.id, kind: random() < 0.8 ? "refund" : "chargeback", atMs: sale.soldMs + Math.floor(random() * 70 * DAY), lostCents: 1 + Math.floor(random() * 5_000) };
        });
        for (const day of cutoffDays) {
          const cutoffMs = T0 + day * DAY + 5 * 3_600_000;
          const fitted = fitRiskModel(sales, events, cutoffMs);
          const oracle = oracleFitRiskModel(sales, events, cutoffMs);
          expect(fitted).toEqual(oracle);
          // The products in the order of their first exposed sale in the list (found from the checkpoints).
          expect([...fitted.byProduct.keys()]).toEqual([...oracle.byProduct.keys()]);
        }
      }),
      { numRuns: 25 },
    );
  });

  it("fits what the oracle fits when a request instant is not a number (the events cannot be put in request order)", () => {
    fc.assert(
      fc.property(history, fc.nat(), (h, pick) => {
        const { sales, events, cutoffMs } = built(h);
        if (events.length === 0) return;
        const unordered = events.map((e, i) => (i === pick % events.length ? { ...e, atMs: NaN } : e));
        expect(fitRiskModel(sales, unordered, cutoffMs)).toEqual(oracleFitRiskModel(sales, unordered, cutoffMs));
        const index = lossSalesOf(sales, unordered);
        expect(lossesBySale(unordered, index, cutoffMs)).toEqual(oracleLossesBySale(unordered, index, cutoffMs));
      }),
      { numRuns: 200 },
    );
  });

  it("keeps several months' starts, read together, as the oracle makes each (months in a row, in any order, or overlapping)", () => {
    fc.assert(
      fc.property(history, fc.array(fc.record({ startDay: fc.integer({ min: -10, max: 250 }), days: fc.integer({ min: 0, max: 40 }) }), { maxLength: 6 }), fc.boolean(), (h, drawn, inARow) => {
        const { sales, events, cutoffMs } = built(h);
        // In a row: the months' bounds are sales' availability instants (a sale on a bound is the later month's).
        const bounds = [...new Set(drawn.map((d) => sales[d.startDay % Math.max(1, sales.length)]?.availableMs ?? cutoffMs + d.days * DAY))].sort((a, b) => a - b);
        const spans = inARow
          ? bounds.slice(1).map((endMs, i) => ({ month: `m${i}`, startMs: bounds[i]!, endMs })).reverse()
          : drawn.map((d, i) => ({ month: `m${i}`, startMs: T0 + d.startDay * DAY, endMs: T0 + (d.startDay + d.days) * DAY }));
        const kept = keepBacktestSpans(sales, events, spans);
        expect(kept).toEqual(spans.map((span) => oracleBacktestSpan(sales, events, span)));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a back-tested month's start as the oracle makes it", () => {
    fc.assert(
      fc.property(history, (h) => {
        const { sales, events, cutoffMs } = built(h);
        const span = { month: "m", startMs: cutoffMs, endMs: cutoffMs + 30 * DAY };
        expect(keepBacktestSpan(sales, events, span)).toEqual(oracleBacktestSpan(sales, events, span));
      }),
      { numRuns: 300 },
    );
  });

  it("gives a product its own curves past the threshold, in the order its first exposed sale comes", () => {
    const sales: PayoutSale[] = Array.from({ length: 2 * MIN_PRODUCT_SALES + 3 }, (_, i) => ({ id: i + 1, soldMs: T0 + (i % 3) * 60_000, netCents: 100, product: i < 3 ? "z" : i % 2 ? "b" : "a", currency: "brl", availableMs: null, lostNowCents: 0 }));
    const model = fitRiskModel(sales, [{ saleId: 5, kind: "refund", atMs: T0 + DAY, lostCents: 40 }], T0 + (HORIZON_DAYS + 1) * DAY);
    expect([...model.byProduct.keys()]).toEqual(["b", "a"]);
    expect(model).toEqual(oracleFitRiskModel(sales, [{ saleId: 5, kind: "refund", atMs: T0 + DAY, lostCents: 40 }], T0 + (HORIZON_DAYS + 1) * DAY));
  });
});
