import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { assumeCurrency, type CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { ORDER_SORT_KEYS, orderDetails, orderRowsPage, type OrderSortKey } from "@/lib/reports/server/order-rows";
import { orderDetailsFromFacts, orderPageFromFacts } from "@/lib/reports/server/order-table-facts";
import { loadOrders } from "@/lib/reports/server/orders-report";
import type { OrderFactStore } from "@/lib/store/order-fact-store";
import { openWorkerOrderFactStore } from "@/lib/store/worker-fact-stores";
import { countingClient as countingHeldClient } from "../support/counting-client";
import { allOrders, fillOrderFactStore, heldOrdersClient, NOW, orderDays, ordersParams, utcDays, type OrdersQuery } from "../support/order-facts-fixture";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import type { RangeOptions } from "@/lib/mirror/range-types";

// The orders table's page from the orders fact table is the page the records give (rows, order,
// total, formatting, masking), and opens only the days that hold its orders; a table that does
// not hold the range as the mirror serves it answers nothing (the route pages the records).
let dir: string;
let store: OrderFactStore;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-order-table-facts-"));
  store = openWorkerOrderFactStore(path.join(dir, "mirror.sqlite"));
  await fillOrderFactStore(store);
});
afterAll(async () => {
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** heldOrdersClient, counting the days whose records it hands out (a day's mark opens no record). */
const countingClient = (stampOf?: (day: string) => number) => countingHeldClient(heldOrdersClient(), stampOf);

const dayOfOrder = () => {
  const days = new Map<string, string>();
  for (const [day, records] of orderDays()) for (const o of records) if (!days.has(String(o.orderId))) days.set(String(o.orderId), day);
  return days;
};

const query = (over: Partial<OrdersQuery> = {}): OrdersQuery => ({ from: "2026-03-01", to: "2026-05-31", timeZone: "UTC", granularity: "day", filters: {}, currency: assumeCurrency(null), ...over });

async function recordsPage(q: OrdersQuery, request: { page: number; pageSize: number; sort: OrderSortKey; dir: "asc" | "desc" }, currency?: CurrencyAssumption) {
  const { orders } = await loadOrders(heldOrdersClient(), ordersParams(q), { currency });
  return orderRowsPage(orders, { ...request, timeZone: q.timeZone });
}

describe("the orders table's page from the orders fact table", () => {
  it.each([
    ["UTC", "createdAt", "desc", 1, undefined, {}],
    ["UTC", "amount", "asc", 7, "brl", { brand: ["none"] }],
    ["America/Sao_Paulo", "product", "desc", 4, undefined, { product: ["none", ""] }],
    ["Asia/Kathmandu", "country", "asc", 1_000_000, undefined, { country: ["", "BR"] }],
    ["America/New_York", "milestone", "asc", 3, "usd", {}],
  ] as const)("in %s, by %s %s, page %s (currency setting %s, filters %j): the records' page, from the days of its rows", async (timeZone, sort, dir, page, setting, filters) => {
    const q = query({ timeZone, filters: filters as OrdersQuery["filters"], currency: assumeCurrency(setting ?? null) });
    const currency = setting ? assumeCurrency(setting) : undefined;
    const request = { page, pageSize: 50, sort, dir, timeZone } as const;
    const { client, opened } = countingClient();
    const answer = await orderPageFromFacts(client, ordersParams(q), request, store, { currency });
    const expected = await recordsPage(q, request, currency);
    expect(expected.items.length).toBeGreaterThan(0);
    expect(answer).toEqual(expected);
    // Customer details stay masked, as the records' page has them.
    const clear = new Map(allOrders().map((o) => [String(o.orderId), o]));
    expect(answer!.items.filter((r) => { const o = clear.get(r.id)!; return (o.customerEmail && r.email === o.customerEmail) || (o.customerName && r.customer === o.customerName); })).toEqual([]);
    // The days opened: exactly those of the page's rows (the range's marks open no record).
    const rowDays = new Set(expected.items.map((r) => dayOfOrder().get(r.id)!));
    expect(new Set(opened)).toEqual(rowDays);
    expect(opened.length).toBe(rowDays.size);
    expect(opened.length).toBeLessThan(utcDays("2026-03-01", "2026-05-31").length / 2);
  });

  it("answers every sort key both ways as the records do, with the setting's currency and without", async () => {
    for (const setting of [null, "eur"]) {
      for (const sort of ORDER_SORT_KEYS) {
        for (const dir of ["asc", "desc"] as const) {
          const q = query({ from: "2026-04-01", to: "2026-04-30" });
          const currency = setting ? assumeCurrency(setting) : undefined;
          const request = { page: 3, pageSize: 25, sort, dir, timeZone: "UTC" } as const;
          expect(await orderPageFromFacts(countingClient().client, ordersParams(q), request, store, { currency })).toEqual(await recordsPage(q, request, currency));
        }
      }
    }
  });

  it("answers nothing when the table holds a day from another fetch than the mirror's: the records' page is made instead", async () => {
    const page = vi.spyOn(store, "orderPage");
    try {
      const { client } = countingClient((day) => (day === "2026-03-15" ? NOW + 1 : NOW));
      expect(await orderPageFromFacts(client, ordersParams(query({ to: "2026-03-31" })), { page: 1, pageSize: 50, sort: "createdAt", dir: "desc" }, store)).toBeNull();
      expect(page).not.toHaveBeenCalled();
    } finally {
      page.mockRestore();
    }
  });

  it("answers nothing when a day of the page was fetched again after the table was read", async () => {
    const { client } = countingClient();
    const again = {
      ...client,
      // The range's marks are read at the table's stamps; a day opened alone has a newer one.
      fetchRange: async (resource: string, window: { from: string; to: string }, options?: RangeOptions) => {
        const answer = await client.fetchRange(resource as "orders", window as never, options);
        if (options?.digest) return answer;
        return { ...answer, report: { ...answer.report, fetchedAt: answer.report.fetchedAt.map(([day]) => [day, NOW + 1]) } };
      },
    } as unknown as MirroredClient;
    expect(await orderPageFromFacts(again, ordersParams(query({ to: "2026-03-31" })), { page: 1, pageSize: 50, sort: "createdAt", dir: "desc" }, store)).toBeNull();
  });
});

describe("the customer details of the orders table's rows, from the orders fact table", () => {
  it("answers only ids of rows of the account, range and filters, opening only their days", async () => {
    const q = query({ from: "2026-04-01", to: "2026-04-30", filters: { brand: ["none", "visa"] } });
    const { orders } = await loadOrders(heldOrdersClient(), ordersParams(q), {});
    const shown = orders.slice(10, 30);
    expect(shown.length).toBe(20);
    const inRange = new Set(orders.map((o) => o.orderId));
    const all = allOrders();
    const outside = all.filter((o) => !inRange.has(o.orderId)).slice(0, 5).map((o) => String(o.orderId));
    const filteredOut = all.filter((o) => !inRange.has(o.orderId) && o.checkoutInitializedAt.startsWith("2026-04-1")).slice(0, 5).map((o) => String(o.orderId));
    expect(filteredOut.length).toBe(5);
    const id = String(shown[0]!.orderId);
    const ids = [...shown.map((o) => String(o.orderId)), ...outside, ...filteredOut, `0${id}`, `${id}.0`, ` ${id}`, "x"];
    const { client, opened } = countingClient();
    const answer = await orderDetailsFromFacts(client, ordersParams(q), ids, store);
    expect(answer).toEqual(Object.fromEntries(shown.map((o) => [String(o.orderId), orderDetails(o)])));
    expect(Object.values(answer!).some((d) => d.email !== "")).toBe(true);
    const dayOf = dayOfOrder();
    expect(new Set(opened)).toEqual(new Set(shown.map((o) => dayOf.get(String(o.orderId)))));
  });

  it("answers nothing when the table does not hold the range as the mirror serves it", async () => {
    const { client } = countingClient((day) => (day === "2026-04-02" ? NOW - 1 : NOW));
    const id = String(orderDays().get("2026-04-10")![0]!.orderId);
    expect(await orderDetailsFromFacts(client, ordersParams(query({ from: "2026-04-01", to: "2026-04-30" })), [id], store)).toBeNull();
  });
});
