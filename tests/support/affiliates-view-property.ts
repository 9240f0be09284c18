import fc from "fast-check";
import { expect, vi } from "vitest";
import { assumeCurrency, inferCurrencies } from "@/lib/analytics/assumed-currency";
import { dimensionKeys } from "@/lib/analytics/dimensions";
import { FILTER_DIMENSION } from "@/lib/analytics/filters";
import { FILTER_KEYS, type FilterKey, type ReportParams } from "@/lib/report-params/definitions";
import { buildAffiliatesView } from "@/lib/reports/server/affiliates-report";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { affiliatesClient, type LossEndpoints } from "./affiliate-facts-fixture";
import { FIRST_DAY, LAST_DAY, purchaseDays, reportParams } from "./purchase-facts-fixture";

// A property: for random ranges, zones, filters ("none" and a value no record has included),
// comparisons, currency placements, URL currencies and endpoints answering or not, the
// Affiliates view made from the purchases fact table is the very view the records give. The
// store holds the creator account's days (fillFactStore) under the account name "creator", and
// the 400 days before them empty (storeEmptyDaysBefore).

const ZONES = ["UTC", "America/Sao_Paulo", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham", "Pacific/Kiritimati", "Pacific/Pago_Pago"];
const DAY_MS = 86_400_000;
const dayAt = (base: string, offset: number) => new Date(Date.parse(`${base}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
const HELD_DAYS = Math.round((Date.parse(LAST_DAY) - Date.parse(FIRST_DAY)) / DAY_MS);

export interface AffiliatesCase {
  params: ReportParams;
  currency: CurrencyAssumption;
  endpoints: LossEndpoints;
}

/** The view with the moment it was computed left out: the one thing two computations may differ by. */
export async function affiliatesView(c: AffiliatesCase, facts?: PurchaseFactStore) {
  const view = await buildAffiliatesView(affiliatesClient(c.endpoints), c.params, { facts, currency: c.currency });
  return JSON.parse(JSON.stringify(view, (key, value: unknown) => (key === "computedAt" ? 0 : value))) as typeof view;
}

function caseArbitrary(): fc.Arbitrary<AffiliatesCase> {
  const records = [...purchaseDays("creator").values()].flat();
  const values = Object.fromEntries(
    FILTER_KEYS.map((key) => {
      const keyOf = dimensionKeys[FILTER_DIMENSION[key]] as (p: (typeof records)[number]) => string;
      return [key, [...new Set(records.map(keyOf)), "none", "no-such-value"].sort()];
    }),
  ) as Record<FilterKey, string[]>;
  const currencies = [...new Set(records.map((p) => p.currency).filter((c): c is string => !!c))].sort();
  const assumptions = [assumeCurrency(null), assumeCurrency("brl"), inferCurrencies({ setting: null, catalog: null, records }), inferCurrencies({ setting: "usd", catalog: null, records })];
  const filters = fc.record(Object.fromEntries(FILTER_KEYS.map((key) => [key, fc.subarray(values[key], { minLength: 0, maxLength: 3 })])) as Record<FilterKey, fc.Arbitrary<string[]>>);
  const someFilters = fc.tuple(filters, fc.subarray([...FILTER_KEYS], { minLength: 0, maxLength: 3 })).map(([all, kept]) => Object.fromEntries(kept.map((k) => [k, all[k]])) as Partial<Record<FilterKey, string[]>>);
  return fc
    .record({
      // Mostly ranges with data in their comparison period too; some whose comparison starts before the data.
      start: fc.oneof({ arbitrary: fc.integer({ min: 40, max: HELD_DAYS - 5 }), weight: 3 }, { arbitrary: fc.integer({ min: -3, max: 30 }), weight: 2 }, { arbitrary: fc.integer({ min: -3, max: HELD_DAYS }), weight: 1 }),
      length: fc.integer({ min: 0, max: 40 }),
      timeZone: fc.constantFrom(...ZONES),
      filters: someFilters,
      compare: fc.constantFrom("none", "previous", "previous", "last_year") as fc.Arbitrary<ReportParams["compare"]>,
      currency: fc.constantFrom(...assumptions),
      shownCurrency: fc.option(fc.constantFrom(...currencies), { freq: 4 }),
      refunds: fc.constantFrom("records", "records", "404") as fc.Arbitrary<LossEndpoints["refunds"]>,
      chargebacks: fc.constantFrom("records", "records", "404") as fc.Arbitrary<LossEndpoints["chargebacks"]>,
    })
    .map(({ start, length, timeZone, filters, compare, currency, shownCurrency, refunds, chargebacks }) => {
      const from = dayAt(FIRST_DAY, start);
      const to = dayAt(FIRST_DAY, Math.min(start + length, HELD_DAYS));
      const params = { ...reportParams({ from, to: to < from ? from : to, timeZone, granularity: "day", keyType: "creator", filters, currency }, compare), currency: shownCurrency };
      return { params, currency, endpoints: { refunds, chargebacks } };
    });
}

const beforeTheData: AffiliatesCase = {
  params: reportParams({ from: dayAt(FIRST_DAY, 5), to: dayAt(FIRST_DAY, 35), timeZone: "UTC", granularity: "day", keyType: "creator", filters: {}, currency: assumeCurrency("brl") }, "previous"),
  currency: assumeCurrency("brl"),
  endpoints: { refunds: "records", chargebacks: "records" },
};

/** Runs the property `runs` times against a store holding the creator account's days. */
export async function affiliatesViewHoldsToRecords(store: PurchaseFactStore, runs: number, seed?: number): Promise<void> {
  let fromFacts = 0;
  let withRows = 0;
  let beforeData = 0;
  const groups = vi.spyOn(store, "affiliateGroups");
  try {
    await fc.assert(
      fc.asyncProperty(caseArbitrary(), async (c) => {
        const calls = groups.mock.calls.length;
        const view = await affiliatesView(c, store);
        if (groups.mock.calls.length > calls) fromFacts++;
        if (view.blocks.some((b) => b.rows.length > 0)) withRows++;
        if (view.comparisonDataFrom !== null) beforeData++;
        expect(view).toEqual(await affiliatesView(c));
      }),
      // Drawn first: a comparison period reaching back before the data (no trend to tell), which random draws find less often.
      { numRuns: runs, seed, examples: [[beforeTheData]] },
    );
  } finally {
    groups.mockRestore();
  }
  // Most draws must be answered by the table, and find affiliates, or the property would hold of little.
  expect(fromFacts).toBeGreaterThan(runs / 2);
  expect(withRows).toBeGreaterThan(runs / 3);
  // Comparison periods starting before the data (no trend told) are drawn too.
  expect(beforeData).toBeGreaterThan(0);
}
