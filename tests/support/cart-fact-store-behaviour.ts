import { describe, expect, it, vi } from "vitest";
import { assumeCurrency, inferCurrencies } from "@/lib/analytics/assumed-currency";
import { cartFactRows } from "@/lib/query/cart-facts";
import { queryCarts } from "@/lib/query/cart-query";
import { buildAbandonmentView } from "@/lib/reports/server/abandonment-report";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { CartFactStore } from "@/lib/store/cart-fact-store";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { allCarts, cartDays, fillCartFactStore, heldAbandonmentClient, NOW } from "./cart-facts-fixture";
import { FACT_DAY, factDayStoreBehaviour, filledStore, recordsAnswerOutsideTheTable, withStore, type StoreBackend } from "./fact-day-store-behaviour";
import { ordersParams, type OrdersQuery } from "./order-facts-fixture";
import { purchaseDays } from "./purchase-facts-fixture";
import { mostCommon, readAndSameAsRecords, viewsFromFactsAndRecords } from "./views-from-facts";

// What the Abandonment report relies on from a carts fact store: a day's rows replaced as one,
// accounts kept apart (fact-day-store-behaviour.ts), no customer's personal data, and carts that
// make the very view the records make. Every back-end runs the same suite: SQLite in tests/unit,
// PostgreSQL in tests/backends.

export type CartFactBackend = StoreBackend<CartFactStore>;

/** A query of the report: as the Orders report's (the same parameters). */
export type CartsQuery = OrdersQuery;

/**
 * The view from the carts table (and the purchases table when given) and the view from the
 * records; whether the carts were read from the table (`read`: their rows or the panels'
 * aggregates), whether the purchases were (`readPurchases`), and whether the panels were made
 * in the store (`aggregated`: both tables hold the periods).
 */
export async function bothAbandonmentViews(store: CartFactStore, query: CartsQuery, compare: ReportParams["compare"] = "none", purchases?: PurchaseFactStore, cartStoreReadsPurchases?: boolean) {
  const checkouts = purchases ? vi.spyOn(purchases, "checkouts") : null;
  const panels = vi.spyOn(store, "cartPanels");
  try {
    const views = await viewsFromFactsAndRecords(store, "carts", (cartFacts) =>
      buildAbandonmentView(heldAbandonmentClient(), ordersParams(query, compare), { cartFacts, facts: cartFacts ? purchases : undefined, currency: query.currency, cartStoreReadsPurchases }));
    const aggregated = panels.mock.calls.length > 0;
    return { ...views, read: views.read || aggregated, readPurchases: (checkouts?.mock.calls.length ?? 0) > 0 || aggregated, aggregated };
  } finally {
    checkouts?.mockRestore();
    panels.mockRestore();
  }
}

export function cartFactStoreBehaviour(name: string, backend: CartFactBackend): void {
  const day = FACT_DAY;
  const records = () => cartDays().get(day)!;
  factDayStoreBehaviour(name, backend, {
    rows: () => cartFactRows(records()),
    count: async (store, account) => (await queryCarts(store, account, { from: day, to: day, timeZone: "UTC", filters: {} })).length,
    broken: (rows) => rows.map((r, i) => (i === 3 ? { ...r, checkoutId: null as unknown as string } : r)),
  });

  describe(`${name}: a day's rows`, () => {
    it("hold no customer's personal data", withStore(backend, async (store) => {
      const rows = cartFactRows(records());
      await store.replaceDay("acct", day, NOW, rows);
      const text = JSON.stringify(await store.carts("acct", { days: { from: day, to: day }, startMs: 0, endMs: NOW, filters: {} }));
      for (const c of records()) for (const value of [c.customerName, c.customerEmail, c.customerPhone, c.cardLast4, c.shippingCity]) if (value) expect(text).not.toContain(JSON.stringify(value));
    }));
  });

  describe(`${name}: the Abandonment view the records give`, () => {
    const facts = filledStore(backend, fillCartFactStore);
    const same = (query: CartsQuery, compare: ReportParams["compare"] = "none") => readAndSameAsRecords(bothAbandonmentViews(facts.store, query, compare));

    it("without filters, per day in São Paulo, against the previous period: every panel", async () => {
      const view = await same({ from: "2026-04-20", to: "2026-05-31", timeZone: "America/Sao_Paulo", granularity: "day", filters: {}, currency: assumeCurrency("brl") }, "previous");
      expect(view.totalCarts).toBeGreaterThan(0);
      expect(view.declines.declinedCarts).toBeGreaterThan(0);
      expect(view.recovery.recoveredCarts).toBeGreaterThan(0);
      expect(view.kpis.length).toBeGreaterThan(0);
      expect(view.heatmap.total).toBe(view.totalCarts);
    });

    it("'none' as every report reads it: the carts without the field (null or empty) and a value literally named so", async () => {
      const base = { from: "2026-03-01", to: "2026-04-30", timeZone: "UTC", granularity: "week", currency: assumeCurrency("brl") } as const;
      expect((await same({ ...base, filters: { product: ["none"] } })).totalCarts).toBeGreaterThan(0);
      expect((await same({ ...base, filters: { psp: ["none"], brand: ["none"] } })).totalCarts).toBeGreaterThan(0);
      expect((await same({ ...base, filters: { offer: ["none"], country: ["none"] } })).totalCarts).toBeGreaterThan(0);
      // An empty value on its own names nothing: "none" is the empty value's name.
      expect((await same({ ...base, filters: { product: [""] } })).totalCarts).toBe(0);
    });

    it("per hour over New York's spring-forward day, one product, currencies told by the purchases, else 'unknown' per offer", async () => {
      const currency = inferCurrencies({ setting: null, catalog: null, records: [...purchaseDays("creator").values()].flat() });
      await same({ from: "2026-03-07", to: "2026-03-09", timeZone: "America/New_York", granularity: "hour", filters: { product: [mostCommon(allCarts().map((c) => c.productName ?? ""))] }, currency });
      await same({ from: "2026-04-16", to: "2026-05-31", timeZone: "Australia/Lord_Howe", granularity: "month", filters: {}, currency: assumeCurrency(null) }, "previous");
    });

    it("one currency shown, several filters at once, in Kathmandu", async () => {
      const method = mostCommon(allCarts().map((c) => c.paymentMethod ?? ""));
      await same({ from: "2026-04-01", to: "2026-04-30", timeZone: "Asia/Kathmandu", granularity: "day", filters: { method: [method], country: ["BR", "none", ""] }, currency: assumeCurrency("usd"), shownCurrency: "brl" });
    });

    it("a range the table does not hold (or holds from another fetch): the records answer", async () => {
      const query: CartsQuery = { from: "2026-04-01", to: "2026-04-30", timeZone: "UTC", granularity: "day", filters: {}, currency: assumeCurrency("brl") };
      await recordsAnswerOutsideTheTable(facts.store, query, (q) => bothAbandonmentViews(facts.store, q), (day) => cartFactRows(cartDays().get(day)!));
    });
  });
}
