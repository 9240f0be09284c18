import fc from "fast-check";
import { expect } from "vitest";
import { assumeCurrency, inferCurrencies, withAssumedCurrency, type CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { recordPanels, type AbandonmentKpiPanels, type AbandonmentPanels } from "@/lib/analytics/abandonment-panels";
import type { Granularity } from "@/lib/analytics/time-buckets";
import { cartPanelPlan, kpiPanelsOf, panelsOf } from "@/lib/query/cart-panels";
import { queryCarts } from "@/lib/query/cart-query";
import { queryCheckoutPurchases } from "@/lib/query/checkout-purchase-query";
import { purchaseFactRow, type FactPurchase } from "@/lib/query/purchase-facts";
import type { FilterKey } from "@/lib/report-params/definitions";
import { PURCHASE_FILTERS } from "@/lib/reports/server/abandonment-records";
import type { CartFactRow, CartFactStore } from "@/lib/store/cart-fact-store";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";

// A property over random carts and purchases (not the sandbox's): each panel the carts store
// aggregates (cartPanels, read off by lib/query/cart-panels.ts) is the panel the record engine's
// functions make of the same rows read one by one (queryCarts, queryCheckoutPurchases), on
// whatever back-end the stores are. The draws crowd what the panels must get right: a cart or a
// purchase stored on two days, checkouts shared by carts and purchases or by two purchases,
// fields null, "" or literally "none", instants missing or out of order, equal delays (medians
// and percentiles over ties), several currencies and offers no one tells, sessions around New
// York's and Lord Howe's spring-forward, zones off the hour, every granularity.

const DAYS = ["2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10", "2026-03-11"];
const DAY_MS = 86_400_000;
const NOW = Date.parse("2026-04-01T00:00:00Z");
const ZONES = ["UTC", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns", "America/Sao_Paulo"];
const GRANULARITIES: Granularity[] = ["hour", "day", "week", "month"];
const PURCHASE_FILTER_KEYS = Object.keys(PURCHASE_FILTERS) as FilterKey[];

const value = (...values: Array<string | null>) => fc.constantFrom(...values);
/** A delay after an instant: often none, sometimes before it, often one of a few round values (ties). */
const delay = fc.oneof(
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.constantFrom(0, 60_000, 3_600_000, 3 * DAY_MS, 3 * DAY_MS + 1), weight: 3 },
  { arbitrary: fc.integer({ min: -3_600_000, max: 5 * DAY_MS }), weight: 3 },
);

const cartArbitrary = fc.record({
  day: fc.integer({ min: 0, max: DAYS.length - 1 }),
  at: fc.integer({ min: 0, max: DAY_MS - 1 }),
  checkoutId: fc.constantFrom("c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11", "c12"),
  product: value("Bread", "Cake", "none", "", null),
  offer: value("OA", "OB", "OC", "none", "", null),
  offerName: value("Offer A", "Renamed", "", null),
  method: value("credit_card", "pix", "", null),
  psp: value("stripe", "adyen", "", null),
  brand: value("visa", "master", "", null),
  country: value("BR", "US", "", null),
  state: value("SP", "NY", "", null),
  checkoutVersion: value("v1", "v2", "", null),
  sessionMode: value("live", "test", "", null),
  declineCode: value("insufficient_funds", "do_not_honor", "weird_code", "", null),
  amountCents: fc.integer({ min: 0, max: 50_000 }),
  attempts: fc.option(fc.integer({ min: 0, max: 6 })),
  approved: fc.option(fc.integer({ min: 0, max: 3 })),
  declined: fc.option(fc.integer({ min: 0, max: 3 })),
  recovered: fc.boolean(),
  loaded: fc.option(fc.integer({ min: -600_000, max: 0 })),
  firstAttempt: delay,
  firstApproved: delay,
  abandoned: delay,
  purchased: delay,
});

const purchaseArbitrary = fc.record({
  day: fc.integer({ min: 0, max: DAYS.length - 1 }),
  at: fc.integer({ min: 0, max: DAY_MS - 1 }),
  purchaseId: fc.integer({ min: 1, max: 30 }),
  checkoutId: value("c1", "c2", "c3", "c13", "c14", "c15", "c16", "", null),
  purchaseType: value("front", "front", "upsell", "order_bump"),
  currency: value("brl", "usd", "", null),
  offerCode: value("OA", "OB", "OD", "", null),
  productName: value("Bread", "Cake", null),
});

type DrawnCart = typeof cartArbitrary extends fc.Arbitrary<infer T> ? T : never;
type DrawnPurchase = typeof purchaseArbitrary extends fc.Arbitrary<infer T> ? T : never;

const after = (at: number, d: number | null) => (d === null ? null : at + d);

function cartRow(c: DrawnCart): CartFactRow {
  const sessionAt = Date.parse(`${DAYS[c.day]}T00:00:00Z`) + c.at;
  return {
    checkoutId: c.checkoutId,
    sessionAt,
    sessionText: new Date(sessionAt).toISOString(),
    dims: { product: c.product, offer: c.offer, method: c.method, psp: c.psp, brand: c.brand, country: c.country },
    offerName: c.offerName,
    state: c.state,
    checkoutVersion: c.checkoutVersion,
    sessionMode: c.sessionMode,
    declineCode: c.declineCode,
    amountCents: c.amountCents,
    attempts: c.attempts,
    approved: c.approved,
    declined: c.declined,
    recovered: c.recovered,
    loadedAt: after(sessionAt, c.loaded),
    firstAttemptAt: after(sessionAt, c.firstAttempt),
    firstApprovedAt: after(sessionAt, c.firstApproved),
    abandonedAt: after(sessionAt, c.abandoned),
    purchasedAt: c.purchased === null ? null : after(sessionAt, (c.abandoned ?? 0) + c.purchased),
  };
}

function purchase(p: DrawnPurchase): FactPurchase {
  const at = new Date(Date.parse(`${DAYS[p.day]}T00:00:00Z`) + p.at).toISOString();
  return { purchaseId: p.purchaseId, checkoutId: p.checkoutId, purchaseType: p.purchaseType, currency: p.currency, offerCode: p.offerCode, productName: p.productName, checkoutInitializedAt: at, purchaseCreatedAt: at, amountTransaction: 10 } as unknown as FactPurchase;
}

const caseArbitrary = fc.record({
  carts: fc.array(cartArbitrary, { minLength: 4, maxLength: 60 }),
  purchases: fc.array(purchaseArbitrary, { minLength: 2, maxLength: 40 }),
  from: fc.integer({ min: 1, max: 3 }),
  days: fc.integer({ min: 0, max: 4 }),
  timeZone: fc.constantFrom(...ZONES),
  granularity: fc.constantFrom(...GRANULARITIES),
  currency: fc.constantFrom("none", "setting", "inferred", "inferred+setting"),
  filters: fc.constantFrom<Partial<Record<FilterKey, string[]>>>({}, {}, {}, { product: ["Bread", "none"] }, { offer: ["OA"] }, { psp: ["none"] }),
  // "ids": each purchase once; "both": each checkout's front purchase once too. Where the days say
  // both, the panels count the purchased checkouts in one grouping of the purchases' table
  // (cart-panel-sql.ts); where they say only the first, by numbering each checkout's fronts.
  once: fc.constantFrom("none", "ids", "both"),
});

type DrawnCase = typeof caseArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** The draw's purchases; each its own id unless `once` is "none", and with "both" a front purchase's checkout another front purchase took before made its own. */
function drawnPurchases(c: DrawnCase): DrawnPurchase[] {
  if (c.once === "none") return c.purchases;
  const taken = new Set<string>();
  return c.purchases.map((p, i) => {
    let checkoutId = p.checkoutId;
    if (c.once === "both" && p.purchaseType === "front" && checkoutId) {
      if (taken.has(checkoutId)) checkoutId = `${checkoutId}-${i}`;
      taken.add(checkoutId);
    }
    return { ...p, purchaseId: 1000 + i, checkoutId };
  });
}

/** The panels the store aggregates beside the panels the record engine makes of the same rows. */
async function bothPanels(carts: CartFactStore, purchases: PurchaseFactStore, account: string, c: DrawnCase) {
  const records = drawnPurchases(c).map(purchase);
  const decided: CurrencyAssumption =
    c.currency === "none" ? assumeCurrency(null) : c.currency === "setting" ? assumeCurrency("eur") : inferCurrencies({ setting: c.currency === "inferred" ? null : "eur", catalog: null, records });
  const query = { from: DAYS[c.from]!, to: DAYS[Math.min(c.from + c.days, DAYS.length - 2)]!, timeZone: c.timeZone, filters: c.filters };
  const { plan, keys } = cartPanelPlan({ ...query, granularity: c.granularity, purchaseKeys: PURCHASE_FILTER_KEYS }, decided);
  const fromStore = panelsOf(await carts.cartPanels(account, plan), keys, c.timeZone);
  const cartRows = await queryCarts(carts, account, query);
  const purchaseRows = withAssumedCurrency(await queryCheckoutPurchases(purchases, account, { ...query, keys: PURCHASE_FILTER_KEYS }), decided).records;
  const currencyOf = (cart: { offerCode?: string | null }) => (cart.offerCode ? decided.offers[cart.offerCode]?.currency : undefined);
  const fromRows = recordPanels(cartRows, purchaseRows, currencyOf, { from: query.from, to: query.to, granularity: c.granularity, timeZone: c.timeZone });
  // What a comparison period reads: the KPIs' share alone, from a plan that groups only those.
  const kpisOnly = kpiPanelsOf(await carts.cartPanels(account, cartPanelPlan({ ...query, granularity: c.granularity, purchaseKeys: PURCHASE_FILTER_KEYS }, decided, "kpis").plan));
  return { fromStore, fromRows, kpisOnly, carts: cartRows.length };
}

/** A period's KPIs alone (kpiPanelsOf of an `only: "kpis"` plan) are those of its whole panels. */
function expectSameKpis(kpisOnly: AbandonmentKpiPanels, fromRows: AbandonmentPanels): void {
  expect(kpisOnly.kpis, "kpis only").toEqual(fromRows.kpis);
  expect([...new Set([...kpisOnly.days].map((d) => d.slice(0, 10)))].sort(), "kpis only: days").toEqual([...new Set([...fromRows.days].map((d) => d.slice(0, 10)))].sort());
  expect(kpisOnly.untold(), "kpis only: untold").toBe(fromRows.untold());
}

/** Every panel, one by one (a failure names it); the days as a set, the untold carts as a count. */
function expectSamePanels(fromStore: AbandonmentPanels, fromRows: AbandonmentPanels): void {
  const { days: storeDays, untold: storeUntold, ...store } = fromStore;
  const { days: rowDays, untold: rowUntold, ...rows } = fromRows;
  for (const key of Object.keys(rows) as Array<keyof typeof rows>) expect(store[key], key).toEqual(rows[key]);
  expect([...new Set([...storeDays].map((d) => d.slice(0, 10)))].sort(), "days").toEqual([...new Set([...rowDays].map((d) => d.slice(0, 10)))].sort());
  expect(storeUntold(), "untold").toBe(rowUntold());
}

/** Runs the property `runs` times, each draw written into the stores under an account of its own. */
export async function cartPanelsHoldToRows(carts: CartFactStore, purchases: PurchaseFactStore, runs: number, seed?: number): Promise<void> {
  let draw = 0;
  let withCarts = 0;
  let withMedians = 0;
  let withPurchased = 0;
  await fc.assert(
    fc.asyncProperty(caseArbitrary, async (c) => {
      const account = `random-${++draw}`;
      for (const [i, day] of DAYS.entries()) {
        await carts.replaceDay(account, day, NOW, c.carts.filter((x) => x.day === i).map(cartRow));
        await purchases.replaceDay(account, day, NOW, drawnPurchases(c).filter((x) => x.day === i).map(purchase).map(purchaseFactRow));
      }
      const { fromStore, fromRows, kpisOnly, carts: found } = await bothPanels(carts, purchases, account, c);
      if (found > 0) withCarts++;
      if (fromRows.recovery.measured > 1) withMedians++;
      if (fromRows.kpis.some((k) => k.purchasedCheckouts > 0)) withPurchased++;
      expectSamePanels(fromStore, fromRows);
      expectSameKpis(kpisOnly, fromRows);
      await carts.forget(account);
      await purchases.forget(account);
    }),
    { numRuns: runs, seed },
  );
  // Most draws find carts, many a median over several recovery delays, many purchased checkouts: or the property would hold of little.
  expect(withCarts).toBeGreaterThan(runs / 2);
  expect(withMedians).toBeGreaterThan(runs / 10);
  expect(withPurchased).toBeGreaterThan(runs / 5);
}
