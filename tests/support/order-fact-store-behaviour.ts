import { describe, expect, it } from "vitest";
import { assumeCurrency, inferCurrencies } from "@/lib/analytics/assumed-currency";
import { orderFactRows } from "@/lib/query/order-facts";
import { queryOrders } from "@/lib/query/order-query";
import { buildOrdersView } from "@/lib/reports/server/orders-report";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { OrderFactStore } from "@/lib/store/order-fact-store";
import { FACT_DAY, factDayStoreBehaviour, filledStore, recordsAnswerOutsideTheTable, type StoreBackend } from "./fact-day-store-behaviour";
import { allOrders, fillOrderFactStore, heldOrdersClient, orderDays, ordersParams, type OrdersQuery } from "./order-facts-fixture";
import { mostCommon, readAndSameAsRecords, viewsFromFactsAndRecords } from "./views-from-facts";

// What the Orders report relies on from an orders fact store: a day's rows replaced as one,
// accounts kept apart (fact-day-store-behaviour.ts), and answers that make the very OrdersView
// the records make. Every back-end runs the same suite: SQLite in tests/unit, PostgreSQL in tests/backends.

export type OrderFactBackend = StoreBackend<OrderFactStore>;

/** The view from the table (which must have been read) and the view from the records. */
export const bothViews = (store: OrderFactStore, query: OrdersQuery, compare: ReportParams["compare"] = "none") =>
  viewsFromFactsAndRecords(store, "aggregate", (orderFacts) => buildOrdersView(heldOrdersClient(), ordersParams(query, compare), { orderFacts, currency: query.currency }));

export function orderFactStoreBehaviour(name: string, backend: OrderFactBackend): void {
  factDayStoreBehaviour(name, backend, {
    rows: () => orderFactRows(orderDays().get(FACT_DAY)!),
    count: async (store, account) => {
      const { totals } = await queryOrders(store, account, { from: FACT_DAY, to: FACT_DAY, timeZone: "UTC", granularity: "day", filters: {}, currency: assumeCurrency("brl") }, null);
      return totals.reduce((sum, t) => sum + t.count, 0);
    },
    broken: (rows) => rows.map((r, i) => (i === 3 ? { ...r, dims: { ...r.dims, brand: null } } : r)),
  });

  describe(`${name}: the Orders view the records give`, () => {
    const facts = filledStore(backend, fillOrderFactStore);
    const same = (query: OrdersQuery, compare: ReportParams["compare"] = "none") => readAndSameAsRecords(bothViews(facts.store, query, compare));
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
      await recordsAnswerOutsideTheTable(facts.store, query, (q) => bothViews(facts.store, q), (day) => orderFactRows(orderDays().get(day)!));
    });
  });
}
