import "server-only";

// The Refunds report's delivery panels (creator keys): the period's physical orders, from the
// orders fact table when it holds every day of the period as the mirror served them (its day
// marks fetched first, which fetches what is missing or stale and so writes its rows), else from
// the records, read as the table's rows (deliveryOrderOf); and each refund placed before or after
// its order's delivery.
import { deliveryOrderOf, type DeliveryOrder } from "@/lib/analytics/delivery-refunds";
import { orderPlan } from "@/lib/query/order-query";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { EventFactRow } from "@/lib/store/event-fact-store";
import { factsHold } from "./facts-hold";
import type { LoadOptions } from "./load-options";
import { orderDayMarks } from "./orders-facts";
import { loadOrders } from "./orders-report";
import type { MirroredClient } from "@/lib/mirror/range-reader";

/** The period's physical orders after the URL's filters (the Orders report's). */
export async function loadDeliveryOrders(client: MirroredClient, params: ReportParams, options: LoadOptions): Promise<DeliveryOrder[]> {
  const facts = options.orderFacts;
  if (facts) {
    const marks = await orderDayMarks(client, params, params.tz, options);
    if (await factsHold(facts, client.identity, [marks.report])) {
      const { plan } = orderPlan({ from: params.from, to: params.to, timeZone: params.tz, granularity: "day", filters: params.filters });
      return facts.deliveryOrders(client.identity, plan);
    }
  }
  const { orders } = await loadOrders(client, { ...params, compare: "none" }, options);
  return orders.flatMap((o) => deliveryOrderOf(o) ?? []);
}

export interface RefundDelivery { beforeDelivery: number; afterDelivery: number; bySupplier: Array<{ key: string; count: number }> }

/** Each refund of a physical order, placed by the instant it is dated by (its request) against the order's delivery; per supplier. */
export function refundDelivery(orders: readonly DeliveryOrder[], refunds: readonly EventFactRow[]): RefundDelivery {
  const byOrder = new Map(orders.map((o) => [String(o.orderId), o]));
  const suppliers = new Map<string, number>();
  const delivery: RefundDelivery = { beforeDelivery: 0, afterDelivery: 0, bySupplier: [] };
  for (const r of refunds) {
    const order = r.orderId === null ? undefined : byOrder.get(r.orderId);
    if (!order || r.at === null) continue;
    if (order.deliveredAt !== null && order.deliveredAt <= r.at) delivery.afterDelivery++;
    else delivery.beforeDelivery++;
    const supplier = order.supplier || "unknown";
    suppliers.set(supplier, (suppliers.get(supplier) ?? 0) + 1);
  }
  delivery.bySupplier = [...suppliers].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count);
  return delivery;
}
