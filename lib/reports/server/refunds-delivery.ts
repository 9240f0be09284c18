import "server-only";

// The Refunds report's delivery panels (creator keys): the period's physical orders, from the
// orders fact table when it holds every day of the period as the mirror served them (its day
// marks fetched first, which fetches what is missing or stale and so writes its rows), else from
// the records, read as the table's rows (deliveryOrderOf): grouped for the rates (the table groups
// its own, so no order crosses), and the orders the refunds name, each refund placed before or
// after its order's delivery.
import { deliveryGroupsOf, deliveryOrderOf, linkedOrderIds, type DeliveryOrder, type OrderLinked } from "@/lib/analytics/delivery-refunds";
import { orderPlan } from "@/lib/query/order-query";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { EventFigureRow } from "@/lib/store/event-fact-store";
import type { DeliveryPanels } from "@/lib/store/order-fact-store";
import { factsHold } from "./facts-hold";
import type { LoadOptions } from "./load-options";
import { orderDayMarks } from "./orders-facts";
import { loadOrders } from "./orders-report";
import type { MirroredClient } from "@/lib/mirror/range-reader";

/**
 * The period's physical orders after the URL's filters (the Orders report's), as the delivery
 * panels read them: grouped against the orders `refunds` and `chargebacks` name when `withGroups`,
 * and the orders the refunds name.
 */
export async function loadDeliveryInputs(client: MirroredClient, params: ReportParams, options: LoadOptions, links: { refunds: readonly OrderLinked[] | null; chargebacks: readonly OrderLinked[] | null; withGroups: boolean }): Promise<DeliveryPanels> {
  const refunded = linkedOrderIds(links.refunds);
  const chargedBack = linkedOrderIds(links.chargebacks);
  const facts = options.orderFacts;
  if (facts) {
    const marks = await orderDayMarks(client, params, params.tz, options);
    if (await factsHold(facts, client.identity, [marks.report])) {
      const { plan } = orderPlan({ from: params.from, to: params.to, timeZone: params.tz, granularity: "day", filters: params.filters });
      return facts.deliveryPanels(client.identity, plan, { refunded, chargedBack, withGroups: links.withGroups });
    }
  }
  const { orders } = await loadOrders(client, { ...params, compare: "none" }, options);
  const physical = orders.flatMap((o) => deliveryOrderOf(o) ?? []);
  const wanted = new Set(refunded);
  return { groups: links.withGroups ? deliveryGroupsOf(physical, refunded, chargedBack) : null, named: physical.filter((o) => wanted.has(o.orderId)) };
}

export interface RefundDelivery { beforeDelivery: number; afterDelivery: number; bySupplier: Array<{ key: string; count: number }> }

/** Each refund of a physical order, placed by the instant it is dated by (its request) against the order's delivery; per supplier. */
export function refundDelivery(orders: readonly DeliveryOrder[], refunds: readonly EventFigureRow[]): RefundDelivery {
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
