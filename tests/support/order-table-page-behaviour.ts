import { beforeAll, describe, expect, it } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { orderTablePageFromFacts, orderTablePlan } from "@/lib/query/order-table-query";
import { ORDER_SORT_KEYS, orderRowsPage } from "@/lib/reports/server/order-rows";
import { loadOrders } from "@/lib/reports/server/orders-report";
import { filledStore } from "./fact-day-store-behaviour";
import { allOrders, fillOrderFactStore, heldOrdersClient, orderDays, ordersParams, type OrdersQuery } from "./order-facts-fixture";
import type { OrderFactBackend } from "./order-fact-store-behaviour";
import { tablePagesAreToday } from "./table-pages";
import { mostCommon } from "./views-from-facts";

// The orders table's page from an orders fact store, held to today's page (orderRowsPage over the
// orders the Orders report's loader gives) on the sandbox's data: the same orders in the same
// order, the same total and page number, for every sort key, both directions, the first, a
// middle, the last and a page past the last; and the reveal's lookup naming exactly the ids that
// are rows. Filters follow the Orders report (raw values: "none" is only a literal "none", "" is
// an empty or missing value; the card brand maps empty to "none"). Every back-end runs it:
// SQLite in tests/unit, PostgreSQL in tests/backends.

interface Case { name: string; query: Omit<OrdersQuery, "granularity" | "currency"> }

function cases(): Case[] {
  const orders = allOrders();
  const product = mostCommon(orders.map((o) => o.productName ?? "").filter((p) => p && p !== "none"));
  const method = mostCommon(orders.map((o) => o.paymentMethod ?? "").filter(Boolean));
  return [
    { name: "a range in São Paulo, no filter", query: { from: "2026-02-21", to: "2026-06-13", timeZone: "America/Sao_Paulo", filters: {} } },
    { name: "a month in Kathmandu, one payment method and a card brand's 'none'", query: { from: "2026-04-01", to: "2026-04-30", timeZone: "Asia/Kathmandu", filters: { method: [method], brand: ["none", "visa"] } } },
    { name: "orders of a product literally named 'none', without one, or of the commonest one, in New York", query: { from: "2026-03-01", to: "2026-05-31", timeZone: "America/New_York", filters: { product: ["none", "", product] } } },
    { name: "orders shipped nowhere or with an empty method, in St John's", query: { from: "2026-03-01", to: "2026-04-15", timeZone: "America/St_Johns", filters: { country: ["none"], method: ["none", method] } } },
    { name: "nothing: a product no record has", query: { from: "2026-03-01", to: "2026-03-31", timeZone: "UTC", filters: { product: ["no such product"] } } },
  ];
}

export function orderTablePageBehaviour(name: string, backend: OrderFactBackend): void {
  describe(`${name}: the orders table's page`, () => {
    const facts = filledStore(backend, fillOrderFactStore);
    const dayOf = new Map<number, string>();
    beforeAll(() => {
      for (const [day, held] of orderDays()) for (const o of held) if (!dayOf.has(o.orderId)) dayOf.set(o.orderId, day);
    });

    for (const { name: caseName, query } of cases()) {
      it(`is today's page: ${caseName}`, async () => {
        const { orders } = await loadOrders(heldOrdersClient(), ordersParams({ ...query, granularity: "day", currency: assumeCurrency("brl") }), { currency: assumeCurrency("brl") });
        const pageSize = 37;
        const compared = await tablePagesAreToday({
          sortKeys: ORDER_SORT_KEYS,
          rows: orders.length,
          pageSize,
          today: (request) => orderRowsPage(orders, { ...request, timeZone: query.timeZone }),
          fromStore: (request) => orderTablePageFromFacts(facts.store, "creator", { ...query, ...request }),
          idOf: (i) => i.orderId,
          dayOf: (id) => dayOf.get(id),
        });
        if (caseName.startsWith("nothing")) expect(orders).toEqual([]);
        else expect(compared).toBeGreaterThan(ORDER_SORT_KEYS.length * 2 * pageSize * 3);
      });
    }

    it("names, of the ids asked, exactly those that are rows of the range and filters, each with its day", async () => {
      const { query } = cases()[1]!;
      const { orders } = await loadOrders(heldOrdersClient(), ordersParams({ ...query, granularity: "day", currency: assumeCurrency("brl") }), { currency: assumeCurrency("brl") });
      const rows = new Set(orders.map((o) => o.orderId));
      const outside = allOrders().filter((o) => !rows.has(o.orderId)).slice(0, 20).map((o) => o.orderId);
      const inside = orders.slice(0, 20).map((o) => o.orderId);
      expect(inside.length).toBeGreaterThan(5);
      const found = await facts.store.locateOrders("creator", orderTablePlan(query), [...inside, ...outside, 987654321]);
      expect(found.map((i) => i.orderId).sort((a, b) => a - b)).toEqual([...inside].sort((a, b) => a - b));
      expect(found.map((i) => i.day)).toEqual(found.map((i) => dayOf.get(i.orderId)));
      expect(await facts.store.locateOrders("someone else", orderTablePlan(query), inside)).toEqual([]);
    });
  });
}
