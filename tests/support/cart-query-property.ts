import fc from "fast-check";
import { expect } from "vitest";
import { assumeCurrency, inferCurrencies } from "@/lib/analytics/assumed-currency";
import type { FilterKey, ReportParams } from "@/lib/report-params/definitions";
import { CART_FILTERS } from "@/lib/reports/server/abandonment-records";
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import type { CartFactStore } from "@/lib/store/cart-fact-store";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { bothAbandonmentViews, type CartsQuery } from "./cart-fact-store-behaviour";
import { allCarts } from "./cart-facts-fixture";
import { reportQueryArbitrary } from "./order-query-property";
import { purchaseDays } from "./purchase-facts-fixture";

// A property: for random filter combinations (their values from the data, "none", "" and values
// no cart has), ranges, zones, granularities, comparisons, currency placements and shown
// currencies over the sandbox's carts and purchases, the Abandonment view from the carts fact
// table (and the purchases fact table, when given: both halves from tables) is the view the
// records give. The stores hold the creator's days under "creator".

const PICKERS = CART_FILTERS as Partial<Record<FilterKey, (c: AbandonedCart) => string | null | undefined>>;

function queryArbitrary(): fc.Arbitrary<{ query: CartsQuery; compare: ReportParams["compare"] }> {
  const carts = allCarts();
  const values = Object.fromEntries(Object.entries(PICKERS).map(([key, pick]) => [key, [...new Set(carts.map((c) => pick(c) ?? "")), "none", "", "no-such-value"].sort()]));
  const purchases = [...purchaseDays("creator").values()].flat();
  const assumptions = [assumeCurrency(null), assumeCurrency("brl"), inferCurrencies({ setting: null, catalog: null, records: purchases }), inferCurrencies({ setting: "usd", catalog: null, records: purchases })];
  const currencies = [...new Set(purchases.map((p) => p.currency).filter((c): c is string => !!c))];
  return reportQueryArbitrary(values, assumptions, currencies);
}

/** Runs the property `runs` times against stores holding the creator's days. */
export async function cartsHoldToRecords(store: CartFactStore, runs: number, purchases?: PurchaseFactStore, seed?: number): Promise<void> {
  let nonEmpty = 0;
  let withPurchases = 0;
  await fc.assert(
    fc.asyncProperty(queryArbitrary(), async ({ query, compare }) => {
      const { read, readPurchases, aggregated, fromFacts, fromRecords } = await bothAbandonmentViews(store, query, compare, purchases);
      // Every draw lies inside the held days: the tables must have answered, with both of them the store's aggregates.
      expect(read).toBe(true);
      expect(readPurchases).toBe(purchases !== undefined);
      expect(aggregated).toBe(purchases !== undefined);
      if (fromFacts.totalCarts > 0) nonEmpty++;
      if (fromFacts.funnel.groups.some((g) => g.purchasedCheckouts > 0)) withPurchases++;
      expect(fromFacts).toEqual(fromRecords);
    }),
    { numRuns: runs, seed },
  );
  // The draws must mostly find carts, or the property would hold of empty answers only.
  expect(nonEmpty).toBeGreaterThan(runs / 3);
  // ...and, with the purchases table, mostly purchased checkouts.
  if (purchases) expect(withPurchases).toBeGreaterThan(runs / 3);
}
