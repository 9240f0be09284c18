import fc from "fast-check";
import { assumeCurrency, inferCurrencies } from "@/lib/analytics/assumed-currency";
import { dimensionKeys } from "@/lib/analytics/dimensions";
import { FILTER_DIMENSION } from "@/lib/analytics/filters";
import { FILTER_KEYS, type FilterKey, type ReportParams } from "@/lib/report-params/definitions";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import type { LossEndpoints } from "./affiliate-facts-fixture";
import { FIRST_DAY, LAST_DAY, purchaseDays, reportParams } from "./purchase-facts-fixture";

// What the report properties over the purchases fact table draw from (affiliates-view-property.ts,
// refunds-view-property.ts): the creator's days, the values each filter may take ("none" and a
// value no record has included), the currencies and currency placements, and ranges by offset
// from the first held day.

const DAY_MS = 86_400_000;
const dayAt = (base: string, offset: number) => new Date(Date.parse(`${base}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
const HELD_DAYS = Math.round((Date.parse(LAST_DAY) - Date.parse(FIRST_DAY)) / DAY_MS);

/** The values each filter, and the shown currency, may be drawn from; the currency placements drawn. */
function drawnChoices() {
  const records = [...purchaseDays("creator").values()].flat();
  const values = Object.fromEntries(
    FILTER_KEYS.map((key) => {
      const keyOf = dimensionKeys[FILTER_DIMENSION[key]] as (p: (typeof records)[number]) => string;
      return [key, [...new Set(records.map(keyOf)), "none", "no-such-value"].sort()];
    }),
  ) as Record<FilterKey, string[]>;
  const currencies = [...new Set(records.map((p) => p.currency).filter((c): c is string => !!c))].sort();
  const assumptions = [assumeCurrency(null), assumeCurrency("brl"), inferCurrencies({ setting: null, catalog: null, records }), inferCurrencies({ setting: "usd", catalog: null, records })];
  return { values, currencies, assumptions };
}

/**
 * The arbitraries of a drawn report, to spread into fc.record: its range, zone (of `zones`), up to
 * `maxFiltered` of `keys` filtered (each by up to 3 values), comparison, currency placement and
 * shown currency.
 */
export function reportDraws(zones: readonly string[], keys: readonly FilterKey[], maxFiltered: number) {
  const { values, currencies, assumptions } = drawnChoices();
  const filters = fc.record(Object.fromEntries(keys.map((key) => [key, fc.subarray(values[key], { minLength: 0, maxLength: 3 })])) as Record<FilterKey, fc.Arbitrary<string[]>>);
  const someFilters = fc.tuple(filters, fc.subarray([...keys], { minLength: 0, maxLength: maxFiltered })).map(([all, kept]) => Object.fromEntries(kept.map((k) => [k, all[k]])) as Partial<Record<FilterKey, string[]>>);
  return {
    start: rangeStart(),
    length: rangeLength(),
    timeZone: fc.constantFrom(...zones),
    filters: someFilters,
    compare: comparisons(),
    currency: fc.constantFrom(...assumptions),
    shownCurrency: fc.option(fc.constantFrom(...currencies), { freq: 4 }),
  };
}

/** Whether the refunds and chargebacks endpoints answer (records) or not (404), to spread into fc.record. */
export const lossEndpointDraws = () => ({
  refunds: fc.constantFrom("records", "records", "404") as fc.Arbitrary<LossEndpoints["refunds"]>,
  chargebacks: fc.constantFrom("records", "records", "404") as fc.Arbitrary<LossEndpoints["chargebacks"]>,
});

/** A range's first day, as an offset from the first held day: mostly with data in its comparison period too; some whose comparison starts before the data. */
const rangeStart = () => fc.oneof({ arbitrary: fc.integer({ min: 40, max: HELD_DAYS - 5 }), weight: 3 }, { arbitrary: fc.integer({ min: -3, max: 30 }), weight: 2 }, { arbitrary: fc.integer({ min: -3, max: HELD_DAYS }), weight: 1 });
const rangeLength = () => fc.integer({ min: 0, max: 40 });
const comparisons = () => fc.constantFrom("none", "previous", "previous", "last_year") as fc.Arbitrary<ReportParams["compare"]>;

interface Drawn { start: number; length: number; timeZone: string; filters: Partial<Record<FilterKey, string[]>>; compare: ReportParams["compare"]; currency: CurrencyAssumption; shownCurrency: string | null }

/** The report's params for a drawn range (cut at the last held day), zone, filters, comparison and currencies. */
export function drawnParams({ start, length, timeZone, filters, compare, currency, shownCurrency }: Drawn): ReportParams {
  const from = dayAt(FIRST_DAY, start);
  const to = dayAt(FIRST_DAY, Math.min(start + length, HELD_DAYS));
  return { ...reportParams({ from, to: to < from ? from : to, timeZone, granularity: "day", keyType: "creator", filters, currency }, compare), currency: shownCurrency };
}

/** A range whose comparison period reaches back before the data (no trend to tell), which random draws find less often. */
export const beforeTheDataParams = () =>
  reportParams({ from: dayAt(FIRST_DAY, 5), to: dayAt(FIRST_DAY, 35), timeZone: "UTC", granularity: "day", keyType: "creator", filters: {}, currency: assumeCurrency("brl") }, "previous");

/** The view with the moment it was computed left out: the one thing two computations may differ by. */
export const withoutComputedAt = <V>(view: V): V => JSON.parse(JSON.stringify(view, (key, value: unknown) => (key === "computedAt" ? 0 : value))) as V;
