import "server-only";

// A page of the orders table from the orders fact store: the range of a local range in a time
// zone and the Orders report's filters, as its figures read them (order-query.ts), sorted and
// cut by the store. The answer names each order and its sealed day; the rows are made from
// those records only (lib/reports/server/order-table-facts.ts).
import type { OrderFactPlan, OrderFactStore, OrderPage, OrderSortColumn } from "@/lib/store/order-fact-store";
import { orderPlan, type OrderQuery } from "./order-query";

export type OrderTableRange = Pick<OrderQuery, "from" | "to" | "timeZone" | "filters">;

export interface OrderTableQuery extends OrderTableRange {
  sort: OrderSortColumn;
  dir: "asc" | "desc";
  page: number;
  pageSize: number;
}

/** The range's instants and the filters: one bucket, no currency placement (a currency changes how an amount reads, never which rows or their order). */
export function orderTablePlan(range: OrderTableRange): OrderFactPlan {
  const { plan } = orderPlan({ ...range, granularity: "day" });
  return { ...plan, bucketStarts: plan.bucketStarts.slice(0, 1) };
}

export async function orderTablePageFromFacts(store: OrderFactStore, account: string, query: OrderTableQuery): Promise<OrderPage> {
  return store.orderPage(account, { plan: orderTablePlan(query), sort: query.sort, dir: query.dir, page: query.page, pageSize: query.pageSize });
}
