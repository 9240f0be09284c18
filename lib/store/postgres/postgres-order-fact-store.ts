import "server-only";

// The orders fact table in PostgreSQL, shared by every instance. Same contract as
// SqliteOrderFactStore, answer for answer (lib/store/order-fact-store.ts).
import type { Pool } from "pg";
import {
  choiceStatements, deliveryOrderOfRecord, deliveryOrdersStatement, fulfilmentStatement, locateOrdersStatement, orderBucketStatement, orderChoicesOf, orderGroupsOf, orderPageItemsOf, ORDER_PAGE, orderRowValues, ORDER_ROW_COLUMNS,
  type ChoiceGroupRecord, type DeliveryOrderRecord, type FulfilmentRecord, type OrderBucketRecord, type OrderPageRecord,
} from "../order-fact-sql";
import type { DeliveryOrder, OrderFactChoices, OrderFactGroups, OrderFactPlan, OrderFactRow, OrderFactStore, OrderPage, OrderPageItem, OrderPageRequest } from "../order-fact-store";
import { PostgresFactTableStore } from "./postgres-fact-table-store";
import type { PostgresPoolOptions } from "./pool";

const TABLE = "salesdash_order_facts";

export class PostgresOrderFactStore extends PostgresFactTableStore<OrderFactRow> implements OrderFactStore {
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    super({ rows: TABLE, columns: ORDER_ROW_COLUMNS, days: "salesdash_order_fact_days", valuesOf: orderRowValues }, connection, options);
  }

  async aggregate(account: string, plan: OrderFactPlan): Promise<OrderFactGroups> {
    if (plan.bucketStarts.length === 0) return { buckets: [], fulfilment: [], days: [] };
    const [buckets, fulfilment] = await Promise.all([
      this.all<OrderBucketRecord>(orderBucketStatement("postgres", TABLE, account, plan)),
      this.all<FulfilmentRecord>(fulfilmentStatement("postgres", TABLE, account, plan)),
    ]);
    return orderGroupsOf(buckets, fulfilment);
  }

  async deliveryOrders(account: string, plan: OrderFactPlan): Promise<DeliveryOrder[]> {
    if (plan.bucketStarts.length === 0) return [];
    return (await this.all<DeliveryOrderRecord>(deliveryOrdersStatement("postgres", TABLE, account, plan))).map(deliveryOrderOfRecord);
  }

  async choices(account: string, plan: OrderFactPlan): Promise<OrderFactChoices> {
    const s = choiceStatements("postgres", TABLE, account, plan);
    const [groups, labels] = await Promise.all([this.all<ChoiceGroupRecord>(s.groups), this.all<{ code: string; offer_name: string | null }>(s.labels)]);
    return orderChoicesOf({ groups, labels });
  }

  async orderPage(account: string, request: OrderPageRequest): Promise<OrderPage> {
    return this.page(ORDER_PAGE, account, request);
  }

  async locateOrders(account: string, plan: OrderFactPlan, ids: readonly number[]): Promise<OrderPageItem[]> {
    return orderPageItemsOf(await this.ofIds<OrderPageRecord, OrderFactPlan>(locateOrdersStatement, account, plan, ids), false);
  }

}
