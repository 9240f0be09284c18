import fc from "fast-check";
import { expect } from "vitest";
import { assumeCurrency, inferCurrencies } from "@/lib/analytics/assumed-currency";
import { dimensionKeys } from "@/lib/analytics/dimensions";
import { FILTER_DIMENSION } from "@/lib/analytics/filters";
import { queryPurchases } from "@/lib/query/purchase-query";
import { FILTER_KEYS, GRANULARITIES, type FilterKey } from "@/lib/report-params/definitions";
import type { KeyType } from "@/lib/sales-api";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { purchaseSummaryFromFacts } from "@/lib/query/purchase-summary-query";
import { FIRST_DAY, LAST_DAY, purchaseDays, recordEngine, recordSummary, summaryFigures, type OracleQuery } from "./purchase-facts-fixture";

// A property: for random filter combinations, ranges, zones, granularities, key types and
// currency placements over the sandbox's purchases, the fact store's answer is the record
// engine's, figure for figure. The store holds both accounts' days (fillFactStore) under the
// account names "creator" and "affiliate".

/** Zones with clock changes, half- and quarter-hour offsets, and both ends of the day line. */
const ZONES = ["UTC", "America/Sao_Paulo", "America/New_York", "Europe/London", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns", "Pacific/Chatham", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Tokyo"];
const DAY_MS = 86_400_000;
const dayAt = (base: string, offset: number) => new Date(Date.parse(`${base}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
const HELD_DAYS = Math.round((Date.parse(LAST_DAY) - Date.parse(FIRST_DAY)) / DAY_MS);

/** Each filter's keys among the account's purchases ("none" included where records lack the field), and one no record has. */
function filterValues(keyType: KeyType): Record<FilterKey, string[]> {
  const records = [...purchaseDays(keyType).values()].flat();
  return Object.fromEntries(
    FILTER_KEYS.map((key) => {
      const keyOf = dimensionKeys[FILTER_DIMENSION[key]] as (p: (typeof records)[number]) => string;
      return [key, [...new Set(records.map(keyOf)), "none", "no-such-value"].sort()];
    }),
  ) as Record<FilterKey, string[]>;
}

function queryArbitrary(keyType: KeyType): fc.Arbitrary<OracleQuery> {
  const values = filterValues(keyType);
  const records = [...purchaseDays(keyType).values()].flat();
  const assumptions = [assumeCurrency(null), assumeCurrency("brl"), inferCurrencies({ setting: null, catalog: null, records }), inferCurrencies({ setting: "usd", catalog: null, records })];
  const filters = fc.record(
    Object.fromEntries(FILTER_KEYS.map((key) => [key, fc.subarray(values[key], { minLength: 0, maxLength: 3 })])) as Record<FilterKey, fc.Arbitrary<string[]>>,
  );
  // Mostly one or two filters, as a person sets them; sometimes none, sometimes many.
  const someFilters = fc.tuple(filters, fc.subarray([...FILTER_KEYS], { minLength: 0, maxLength: 4 })).map(([all, kept]) => Object.fromEntries(kept.map((k) => [k, all[k]])) as Partial<Record<FilterKey, string[]>>);
  return fc
    .record({
      start: fc.integer({ min: -4, max: HELD_DAYS + 2 }),
      granularity: fc.constantFrom(...GRANULARITIES),
      length: fc.integer({ min: 0, max: 75 }),
      timeZone: fc.constantFrom(...ZONES),
      filters: someFilters,
      currency: fc.constantFrom(...assumptions),
    })
    .map(({ start, granularity, length, timeZone, filters, currency }) => {
      // Hourly charts stop at a few days, as the report allows.
      const days = granularity === "hour" ? length % 4 : length;
      return { from: dayAt(FIRST_DAY, start), to: dayAt(FIRST_DAY, start + days), timeZone, granularity, keyType, filters, currency };
    });
}

/** Runs the property `runs` times per key type against a store holding both accounts. */
export async function holdsToRecordEngine(store: PurchaseFactStore, runs: number, seed?: number): Promise<void> {
  let nonEmpty = 0;
  const queries = fc.oneof(queryArbitrary("creator"), queryArbitrary("affiliate"));
  await fc.assert(
    fc.asyncProperty(queries, async (query) => {
      const answer = await queryPurchases(store, query.keyType, query);
      if (answer.kpis.creator.length > 0) nonEmpty++;
      expect(answer).toEqual(await recordEngine(query));
      // The whole summary a Revenue report is drawn from: breakdowns (offer labels), funds, filter keys, data days too.
      const summary = await purchaseSummaryFromFacts(store, query.keyType, query);
      expect(summaryFigures(summary, query)).toEqual(summaryFigures(await recordSummary(query), query));
    }),
    { numRuns: runs, seed },
  );
  // The draws must mostly find purchases, or the property would hold of empty answers only.
  expect(nonEmpty).toBeGreaterThan(runs / 3);
}
