import fc from "fast-check";
import { expect } from "vitest";
import { assumeCurrency, inferCurrencies, type CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { GRANULARITIES, type FilterKey, type ReportParams } from "@/lib/report-params/definitions";
import { ORDER_FILTERS } from "@/lib/reports/server/orders-report";
import type { OrderFactStore } from "@/lib/store/order-fact-store";
import { bothViews } from "./order-fact-store-behaviour";
import { allOrders, FIRST_DAY, LAST_DAY, type OrdersQuery } from "./order-facts-fixture";

// A property: for random filter combinations (their values from the data, "none", "" and values
// no order has), ranges, zones, granularities, comparisons, currency placements and shown
// currencies over the sandbox's orders, the Orders view from the fact table is the view the
// records give. The store holds the creator's days under the account "creator".

const ZONES = ["UTC", "America/Sao_Paulo", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns", "Pacific/Chatham", "Pacific/Kiritimati", "Pacific/Pago_Pago"];
const DAY_MS = 86_400_000;
const dayAt = (base: string, offset: number) => new Date(Date.parse(`${base}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
const HELD_DAYS = Math.round((Date.parse(LAST_DAY) - Date.parse(FIRST_DAY)) / DAY_MS);


function filterValues(): Record<string, string[]> {
  const records = allOrders();
  return Object.fromEntries(Object.entries(ORDER_FILTERS).map(([key, pick]) => [key, [...new Set(records.map((o) => pick(o) ?? "")), "none", "", "no-such-value"].sort()]));
}

function queryArbitrary(): fc.Arbitrary<{ query: OrdersQuery; compare: ReportParams["compare"] }> {
  const records = allOrders();
  const assumptions = [assumeCurrency(null), assumeCurrency("brl"), inferCurrencies({ setting: null, catalog: null, records }), inferCurrencies({ setting: "usd", catalog: null, records })];
  const currencies = [...new Set(records.map((o) => o.currency).filter((c): c is string => !!c))];
  return reportQueryArbitrary(filterValues(), assumptions, currencies);
}

/**
 * A record report's query as a person sets it, inside the held days (the Orders and the
 * Abandonment properties): filters drawn from `values`, a range, zone, granularity, comparison,
 * currency placement and shown currency.
 */
export function reportQueryArbitrary(values: Record<string, string[]>, assumptions: CurrencyAssumption[], currencies: string[]): fc.Arbitrary<{ query: OrdersQuery; compare: ReportParams["compare"] }> {
  const keys = Object.keys(values) as FilterKey[];
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
export async function ordersHoldToRecords(store: OrderFactStore, runs: number, seed?: number): Promise<void> {
  let nonEmpty = 0;
  await fc.assert(
    fc.asyncProperty(queryArbitrary(), async ({ query, compare }) => {
      const { read, fromFacts, fromRecords } = await bothViews(store, query, compare);
      // Every draw lies inside the held days: the table must have answered.
      expect(read).toBe(true);
      if (fromFacts.totals.length > 0) nonEmpty++;
      expect(fromFacts).toEqual(fromRecords);
    }),
    { numRuns: runs, seed },
  );
  // The draws must mostly find orders, or the property would hold of empty answers only.
  expect(nonEmpty).toBeGreaterThan(runs / 3);
}
