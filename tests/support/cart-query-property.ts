import fc from "fast-check";
import { expect } from "vitest";
import { assumeCurrency, inferCurrencies } from "@/lib/analytics/assumed-currency";
import { GRANULARITIES, type FilterKey, type ReportParams } from "@/lib/report-params/definitions";
import { CART_FILTERS } from "@/lib/reports/server/abandonment-records";
import type { AbandonedCart } from "@/lib/sales-api/schemas/abandoned-cart";
import type { CartFactStore } from "@/lib/store/cart-fact-store";
import { bothAbandonmentViews, type CartsQuery } from "./cart-fact-store-behaviour";
import { allCarts, FIRST_DAY, LAST_DAY } from "./cart-facts-fixture";
import { purchaseDays } from "./purchase-facts-fixture";

// A property: for random filter combinations (their values from the data, "none", "" and values
// no cart has), ranges, zones, granularities, comparisons, currency placements and shown
// currencies over the sandbox's carts and purchases, the Abandonment view from the carts fact
// table is the view the records give. The store holds the creator's days under "creator".

const ZONES = ["UTC", "America/Sao_Paulo", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns", "Pacific/Chatham", "Pacific/Kiritimati", "Pacific/Pago_Pago"];
const DAY_MS = 86_400_000;
const dayAt = (base: string, offset: number) => new Date(Date.parse(`${base}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
const HELD_DAYS = Math.round((Date.parse(LAST_DAY) - Date.parse(FIRST_DAY)) / DAY_MS);

const PICKERS = CART_FILTERS as Partial<Record<FilterKey, (c: AbandonedCart) => string | null | undefined>>;

function queryArbitrary(): fc.Arbitrary<{ query: CartsQuery; compare: ReportParams["compare"] }> {
  const carts = allCarts();
  const values = Object.fromEntries(Object.entries(PICKERS).map(([key, pick]) => [key, [...new Set(carts.map((c) => pick(c) ?? "")), "none", "", "no-such-value"].sort()]));
  const keys = Object.keys(values) as FilterKey[];
  const purchases = [...purchaseDays("creator").values()].flat();
  const assumptions = [assumeCurrency(null), assumeCurrency("brl"), inferCurrencies({ setting: null, catalog: null, records: purchases }), inferCurrencies({ setting: "usd", catalog: null, records: purchases })];
  const currencies = [...new Set(purchases.map((p) => p.currency).filter((c): c is string => !!c))];
  const filters = fc.record(Object.fromEntries(keys.map((key) => [key, fc.subarray(values[key]!, { minLength: 0, maxLength: 3 })])) as Record<FilterKey, fc.Arbitrary<string[]>>);
  // Mostly one or two filters, as a person sets them; sometimes none, sometimes many.
  const someFilters = fc.tuple(filters, fc.subarray(keys, { minLength: 0, maxLength: 4 })).map(([all, kept]) => Object.fromEntries(kept.map((k) => [k, all[k]])) as Partial<Record<FilterKey, string[]>>);
  return fc
    .record({
      granularity: fc.constantFrom(...GRANULARITIES),
      length: fc.integer({ min: 0, max: 50 }),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      timeZone: fc.constantFrom(...ZONES),
      filters: someFilters,
      currency: fc.constantFrom(...assumptions),
      shownCurrency: fc.constantFrom(null, null, null, ...currencies, "unknown"),
      compare: fc.constantFrom<ReportParams["compare"]>("none", "none", "previous"),
    })
    .map(({ granularity, length, at, timeZone, filters, currency, shownCurrency, compare }) => {
      // Hourly charts stop at a few days, as the report allows.
      const days = granularity === "hour" ? length % 4 : length;
      // Inside the held days with a day to spare each side (a zone's UTC window), the previous period too.
      const first = 1 + (compare === "previous" ? days + 1 : 0);
      const start = first + Math.floor(at * (HELD_DAYS - 1 - days - first));
      return { query: { from: dayAt(FIRST_DAY, start), to: dayAt(FIRST_DAY, start + days), timeZone, granularity, filters, currency, shownCurrency }, compare };
    });
}

/** Runs the property `runs` times against a store holding the creator's days. */
export async function cartsHoldToRecords(store: CartFactStore, runs: number, seed?: number): Promise<void> {
  let nonEmpty = 0;
  await fc.assert(
    fc.asyncProperty(queryArbitrary(), async ({ query, compare }) => {
      const { read, fromFacts, fromRecords } = await bothAbandonmentViews(store, query, compare);
      // Every draw lies inside the held days: the table must have answered.
      expect(read).toBe(true);
      if (fromFacts.totalCarts > 0) nonEmpty++;
      expect(fromFacts).toEqual(fromRecords);
    }),
    { numRuns: runs, seed },
  );
  // The draws must mostly find carts, or the property would hold of empty answers only.
  expect(nonEmpty).toBeGreaterThan(runs / 3);
}
