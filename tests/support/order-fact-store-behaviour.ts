import { describe, expect, it } from "vitest";
import { assumeCurrency, inferCurrencies } from "@/lib/analytics/assumed-currency";
import { orderFactRows } from "@/lib/query/order-facts";
import { queryOrders } from "@/lib/query/order-query";
import { buildOrdersView } from "@/lib/reports/server/orders-report";
import { loadDeliveryInputs } from "@/lib/reports/server/refunds-delivery";
import { deliveryGroupsOf, deliveryOrderOf } from "@/lib/analytics/delivery-refunds";
import { orderPlan } from "@/lib/query/order-query";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { OrderFactStore } from "@/lib/store/order-fact-store";
import { FACT_DAY, factDayStoreBehaviour, filledStore, recordsAnswerOutsideTheTable, type StoreBackend } from "./fact-day-store-behaviour";
import { allOrders, fillOrderFactStore, heldOrdersClient, NOW, orderDays, ordersParams, type OrdersQuery } from "./order-facts-fixture";
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

  describe(`${name}: the Refunds report's delivery panels`, () => {
    const facts = filledStore(backend, fillOrderFactStore);
    // Refunds and chargebacks naming some of the orders, an order twice, one no order has, and ids the join cannot read as an order's.
    const ids = allOrders().map((o) => o.orderId);
    const links = {
      refunds: [...[...ids.filter((id) => id % 7 === 0), ids[0]!, 999_999_999].map((id): { orderId: string | null } => ({ orderId: String(id) })), { orderId: null }, { orderId: `0${ids[1]!}` }],
      chargebacks: ids.filter((id) => id % 11 === 0).map((id) => ({ orderId: String(id) })),
    };
    const sorted = <T>(rows: readonly T[]) => [...rows].map((r) => JSON.stringify(r)).sort();
    const both = async (query: OrdersQuery, withGroups = true) => {
      const params = ordersParams(query);
      const views = await viewsFromFactsAndRecords(facts.store, "deliveryPanels", async (orderFacts) => {
        const inputs = await loadDeliveryInputs(heldOrdersClient(), params, { orderFacts, currency: query.currency }, { ...links, withGroups });
        return { groups: inputs.groups && sorted(inputs.groups), named: sorted(inputs.named) };
      });
      return views;
    };

    it("groups the period's physical orders where they are, as the records' orders group, and reads only the orders the refunds name", async () => {
      const view = await readAndSameAsRecords(both({ from: "2026-03-01", to: "2026-05-31", timeZone: "America/Sao_Paulo", granularity: "day", filters: {}, currency: assumeCurrency("brl") }));
      const groups = view.groups!.map((g) => JSON.parse(g) as { bucket: string; refunded: boolean; chargedBack: boolean; orders: number });
      // Every bucket, refunded and charged-back orders, and named orders are there: the comparison holds of something.
      expect(new Set(groups.map((g) => g.bucket)).size).toBeGreaterThanOrEqual(4);
      expect(groups.some((g) => g.refunded) && groups.some((g) => g.chargedBack) && groups.some((g) => !g.refunded)).toBe(true);
      expect(view.named.length).toBeGreaterThan(0);
      expect(view.named.length).toBeLessThan(groups.reduce((n, g) => n + g.orders, 0) / 3);
    });

    it("after the report's filters, in another zone; without the rates (dated by request) no group", async () => {
      const filtered: OrdersQuery = { from: "2026-04-01", to: "2026-04-30", timeZone: "Asia/Kathmandu", granularity: "day", filters: { product: [mostCommon(allOrders().flatMap((o) => (o.lastTrackingMilestone && o.productName ? [o.productName] : [])))], country: ["BR", "none"] }, currency: assumeCurrency("brl") };
      const view = await readAndSameAsRecords(both(filtered));
      expect(view.groups!.length).toBeGreaterThan(0);
      const named = await readAndSameAsRecords(both(filtered, false));
      expect(named.groups).toBeNull();
      expect(named.named).toEqual(view.named);
    });

    it("buckets the days to delivery at their bounds as the records do (floored whole days, a delivery before its order as day 0)", async () => {
      const [day, records] = [...orderDays()].find(([, r]) => r.filter((o) => o.lastTrackingMilestone && o.orderCreatedAt).length >= 9)!;
      const HOUR = 3_600_000;
      const lags = [-2 * 24 * HOUR, 0, 4 * 24 * HOUR - 1, 4 * 24 * HOUR, 8 * 24 * HOUR - 1, 8 * 24 * HOUR, 15 * 24 * HOUR - 1, 15 * 24 * HOUR, 40 * 24 * HOUR];
      let i = 0;
      const edged = records.map((o) => (o.lastTrackingMilestone && o.orderCreatedAt && i < lags.length ? { ...o, lastTrackingMilestone: "delivered", deliveredAt: new Date(Date.parse(o.orderCreatedAt) + lags[i++]!).toISOString() } : o));
      await facts.store.replaceDay("delivery-edges", day, NOW, orderFactRows(edged));
      try {
        const { plan } = orderPlan({ from: day, to: day, timeZone: "UTC", granularity: "day", filters: {} });
        const named = edged.map((o) => o.orderId).filter((_, k) => k % 2 === 0);
        // The day's records are that UTC day's (their checkoutInitializedAt, the plan's instant).
        const physical = edged.flatMap((o) => deliveryOrderOf(o) ?? []);
        const { groups } = await facts.store.deliveryPanels("delivery-edges", plan, { refunded: named, chargedBack: [], withGroups: true });
        expect(sorted(groups!)).toEqual(sorted(deliveryGroupsOf(physical, named, [])));
        expect(new Set(groups!.map((g) => g.bucket))).toEqual(new Set(["upTo3", "upTo7", "upTo14", "over14", ...groups!.filter((g) => g.bucket === "notDelivered").map((g) => g.bucket)]));
      } finally {
        await facts.store.forget("delivery-edges");
      }
    });
  });
}
