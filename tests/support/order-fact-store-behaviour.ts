import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { assumeCurrency, inferCurrencies } from "@/lib/analytics/assumed-currency";
import { orderFactRows } from "@/lib/query/order-facts";
import { queryOrders } from "@/lib/query/order-query";
import { buildOrdersView } from "@/lib/reports/server/orders-report";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { OrderFactStore } from "@/lib/store/order-fact-store";
import { allOrders, fillOrderFactStore, heldOrdersClient, NOW, orderDays, ordersParams, type OrdersQuery } from "./order-facts-fixture";

// What the Orders report relies on from an orders fact store: a day's rows replaced as one,
// accounts kept apart, and answers that make the very OrdersView the records make. Every
// back-end runs the same suite: SQLite in tests/unit, PostgreSQL in tests/backends.

export interface OrderFactBackend {
  /** A store on a new, empty back-end. */
  open(): Promise<OrderFactStore>;
}

const mostCommon = (values: string[]): string => {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
};

/** The view from the table (which must have been read) and the view from the records. */
export async function bothViews(store: OrderFactStore, query: OrdersQuery, compare: ReportParams["compare"] = "none") {
  const aggregate = vi.spyOn(store, "aggregate");
  try {
    const fromFacts = await buildOrdersView(heldOrdersClient(), ordersParams(query, compare), { orderFacts: store, currency: query.currency });
    const read = aggregate.mock.calls.length > 0;
    const fromRecords = await buildOrdersView(heldOrdersClient(), ordersParams(query, compare), { currency: query.currency });
    // The moment the view was computed is the one thing that differs between two computations.
    const timeless = <T>(v: T) => JSON.parse(JSON.stringify(v, (key, value: unknown) => (key === "computedAt" ? 0 : value))) as T;
    return { read, fromFacts: timeless(fromFacts), fromRecords: timeless(fromRecords) };
  } finally {
    aggregate.mockRestore();
  }
}

export function orderFactStoreBehaviour(name: string, backend: OrderFactBackend): void {
  describe(`${name}: a day's rows`, () => {
    const day = "2026-03-10";
    const records = () => orderDays().get(day)!;
    const count = async (store: OrderFactStore, account: string) => {
      const { totals } = await queryOrders(store, account, { from: day, to: day, timeZone: "UTC", granularity: "day", filters: {}, currency: assumeCurrency("brl") }, null);
      return totals.reduce((sum, t) => sum + t.count, 0);
    };

    it("are replaced, not added to, when the day is stored again; its fetch time and count are kept", async () => {
      const store = await backend.open();
      try {
        const rows = orderFactRows(records());
        expect(rows.length).toBeGreaterThan(5);
        await store.replaceDay("acct", day, NOW - 1000, rows);
        await store.replaceDay("acct", day, NOW, rows.slice(0, 5));
        expect(await count(store, "acct")).toBe(5);
        expect(await store.readDayMeta("acct", ["2026-03-09", day])).toEqual([{ day, fetchedAt: NOW, count: 5 }]);
      } finally {
        await store.close();
      }
    });

    it("are replaced atomically: a replacement that fails leaves the day as it was", async () => {
      const store = await backend.open();
      try {
        const rows = orderFactRows(records());
        await store.replaceDay("acct", day, NOW - 1000, rows);
        const broken = rows.map((r, i) => (i === 3 ? { ...r, dims: { ...r.dims, brand: null } } : r));
        await expect(store.replaceDay("acct", day, NOW, broken)).rejects.toThrow();
        expect(await count(store, "acct")).toBe(rows.length);
        expect(await store.readDayMeta("acct", [day])).toEqual([{ day, fetchedAt: NOW - 1000, count: rows.length }]);
      } finally {
        await store.close();
      }
    });

    it("belong to one account: another's are neither counted nor forgotten with it", async () => {
      const store = await backend.open();
      try {
        const rows = orderFactRows(records());
        await store.replaceDay("a", day, NOW, rows);
        await store.replaceDay("b", day, NOW, rows.slice(0, 2));
        expect(await count(store, "a")).toBe(rows.length);
        expect(await count(store, "b")).toBe(2);
        await store.forget("a");
        expect(await count(store, "a")).toBe(0);
        expect(await store.readDayMeta("a", [day])).toEqual([]);
        expect(await count(store, "b")).toBe(2);
      } finally {
        await store.close();
      }
    });
  });

  describe(`${name}: the Orders view the records give`, () => {
    let store: OrderFactStore;
    beforeAll(async () => {
      store = await backend.open();
      await fillOrderFactStore(store);
    });
    afterAll(async () => {
      await store?.close();
    });

    const same = async (query: OrdersQuery, compare: ReportParams["compare"] = "none") => {
      const { read, fromFacts, fromRecords } = await bothViews(store, query, compare);
      expect(read).toBe(true);
      expect(fromFacts).toEqual(fromRecords);
      return fromFacts;
    };
    const product = () => mostCommon(allOrders().map((o) => o.productName ?? ""));

    it("without filters, per day in São Paulo, against the previous period: totals, series, fulfilment with delivery times, choices", async () => {
      const view = await same({ from: "2026-04-20", to: "2026-05-31", timeZone: "America/Sao_Paulo", granularity: "day", filters: {}, currency: assumeCurrency("brl") }, "previous");
      expect(view.totals.length).toBeGreaterThan(0);
      expect(view.fulfilment.deliveryTimes.delivered).toBeGreaterThan(0);
      expect(view.fulfilment.withoutShipping).toBeGreaterThan(0);
      expect(view.filterOptions.product).toContain("none");
      expect(view.offers.length).toBeGreaterThan(1);
      expect(view.kpis.length).toBeGreaterThan(0);
    });

    it("'none' as every report reads it: the orders without the field (null or empty) and a value literally named so", async () => {
      const base = { from: "2026-03-01", to: "2026-04-30", timeZone: "UTC", granularity: "week", currency: assumeCurrency("brl") } as const;
      const productless = await same({ ...base, filters: { product: ["none"] } });
      expect(productless.totals.length).toBeGreaterThan(0);
      const brandless = await same({ ...base, filters: { brand: ["none"] } });
      expect(brandless.totals.length).toBeGreaterThan(0);
      const countryless = await same({ ...base, filters: { country: ["none"] } });
      expect(countryless.totals.length).toBeGreaterThan(0);
      // An empty value on its own names nothing: "none" is the empty value's name.
      const empty = await same({ ...base, filters: { product: [""] } });
      expect(empty.totals).toEqual([]);
    });

    it("per hour over New York's spring-forward day, one product, offers' currencies told by their records, else 'unknown' per offer", async () => {
      const currency = inferCurrencies({ setting: null, catalog: null, records: allOrders() });
      await same({ from: "2026-03-07", to: "2026-03-09", timeZone: "America/New_York", granularity: "hour", filters: { product: [product()] }, currency });
      // The previous period (2026-03-01 to 04-15) is held too.
      await same({ from: "2026-04-16", to: "2026-05-31", timeZone: "Australia/Lord_Howe", granularity: "month", filters: {}, currency: assumeCurrency(null) }, "previous");
    });

    it("one currency shown, several filters at once, in Kathmandu", async () => {
      const method = mostCommon(allOrders().map((o) => o.paymentMethod ?? ""));
      const view = await same({ from: "2026-04-01", to: "2026-04-30", timeZone: "Asia/Kathmandu", granularity: "day", filters: { method: [method], psp: [], country: ["BR", "none", ""] }, currency: assumeCurrency("usd"), shownCurrency: "brl" });
      expect(view.totals.map((t) => t.currency)).toEqual(["brl"]);
    });

    it("nothing for a filter no record matches, as the records", async () => {
      const view = await same({ from: "2026-03-01", to: "2026-03-31", timeZone: "UTC", granularity: "day", filters: { product: ["no such product"] }, currency: assumeCurrency("brl") });
      expect(view.totals).toEqual([]);
    });

    it("a range the table does not hold (or holds from another fetch): the records answer", async () => {
      const query: OrdersQuery = { from: "2026-04-01", to: "2026-04-30", timeZone: "UTC", granularity: "day", filters: {}, currency: assumeCurrency("brl") };
      expect((await bothViews(store, { ...query, from: "2026-01-10", to: "2026-02-25" })).read).toBe(false);
      await store.replaceDay("creator", "2026-04-15", NOW - 1, []);
      try {
        const { read, fromFacts, fromRecords } = await bothViews(store, query);
        expect(read).toBe(false);
        expect(fromFacts).toEqual(fromRecords);
      } finally {
        await store.replaceDay("creator", "2026-04-15", NOW, orderFactRows(orderDays().get("2026-04-15")!));
      }
    });
  });
}
