import "server-only";

// The orders fact table in a DuckDB file beside the mirror (SALESDASH_FACT_ENGINE=duckdb, as the
// purchases'): the same contract as SqliteOrderFactStore and PostgresOrderFactStore, answer for
// answer (lib/store/order-fact-store.ts), the shared SQL in its "duckdb" dialect. A file of its
// own: the app hosts each fact store in a worker thread of its own, and one process may hold a
// DuckDB file with one instance only. Not encrypted, as the purchases' file.
import {
  choiceStatements, deliveryOrderOfRecord, deliveryOrdersStatement, fulfilmentStatement, locateOrdersStatement, orderBucketStatement, orderChoicesOf, orderGroupsOf, orderPageItemsOf, ORDER_DIMENSION_COLUMN, ORDER_PAGE, orderRowValues, ORDER_ROW_COLUMNS,
  type ChoiceGroupRecord, type DeliveryOrderRecord, type FulfilmentRecord, type OrderBucketRecord, type OrderPageRecord,
} from "../order-fact-sql";
import { ORDER_FACT_DIMENSIONS, type DeliveryOrder, type OrderFactChoices, type OrderFactGroups, type OrderFactPlan, type OrderFactRow, type OrderFactStore, type OrderPage, type OrderPageItem, type OrderPageRequest } from "../order-fact-store";
import type { FactDayMeta } from "../purchase-fact-store";
import { DuckDbFactTableStore, type DuckDbFactTable } from "./duckdb-fact-table-store";

const text = { type: "VARCHAR" } as const;
const bigint = { type: "BIGINT" } as const;
const nullable = <T extends object>(column: T) => ({ ...column, nullable: true });

/** The columns' types, as PostgreSQL's migrations give them (0006, 0007, 0012). */
const TYPES: DuckDbFactTable<OrderFactRow>["types"] = {
  order_id: bigint,
  created_at: nullable(bigint),
  record_day: text,
  currency: text,
  currency_offer: text,
  offer_name: nullable(text),
  ...Object.fromEntries(ORDER_FACT_DIMENSIONS.map((d) => [ORDER_DIMENSION_COLUMN[d], d === "brand" ? text : nullable(text)])),
  amount_cents: bigint,
  milestone: text,
  carrier: text,
  supplier: text,
  completed_at: nullable(bigint),
  delivered_at: nullable(bigint),
  ordered_at: nullable(bigint),
  order_created_at: text,
  sort_amount: { type: "DOUBLE" },
};

export class DuckDbOrderFactStore implements OrderFactStore {
  private readonly facts: DuckDbFactTableStore<OrderFactRow>;

  /** `file`: the DuckDB file (order-facts.duckdb in the data directory), made when missing. */
  constructor(file: string) {
    this.facts = new DuckDbFactTableStore<OrderFactRow>(file, { rows: "order_facts", columns: ORDER_ROW_COLUMNS, days: "order_fact_days", valuesOf: orderRowValues, types: TYPES });
  }

  replaceDay(account: string, day: string, fetchedAt: number, rows: readonly OrderFactRow[]): Promise<void> {
    return this.facts.replaceDay(account, day, fetchedAt, rows);
  }

  readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]> {
    return this.facts.readDayMeta(account, days);
  }

  async aggregate(account: string, plan: OrderFactPlan): Promise<OrderFactGroups> {
    if (plan.bucketStarts.length === 0) return { buckets: [], fulfilment: [], days: [] };
    const rows = await this.facts.together<{ buckets: OrderBucketRecord[]; fulfilment: FulfilmentRecord[] }>({
      buckets: orderBucketStatement("duckdb", this.facts.table, account, plan),
      fulfilment: fulfilmentStatement("duckdb", this.facts.table, account, plan),
    });
    return orderGroupsOf(rows.buckets, rows.fulfilment);
  }

  async deliveryOrders(account: string, plan: OrderFactPlan): Promise<DeliveryOrder[]> {
    if (plan.bucketStarts.length === 0) return [];
    return (await this.facts.all<DeliveryOrderRecord>(deliveryOrdersStatement("duckdb", this.facts.table, account, plan))).map(deliveryOrderOfRecord);
  }

  async choices(account: string, plan: OrderFactPlan): Promise<OrderFactChoices> {
    const s = choiceStatements("duckdb", this.facts.table, account, plan);
    return orderChoicesOf(await this.facts.together<{ groups: ChoiceGroupRecord[]; labels: Array<{ code: string; offer_name: string | null }> }>({ groups: s.groups, labels: s.labels }));
  }

  orderPage(account: string, request: OrderPageRequest): Promise<OrderPage> {
    return this.facts.page(ORDER_PAGE, account, request);
  }

  async locateOrders(account: string, plan: OrderFactPlan, ids: readonly number[]): Promise<OrderPageItem[]> {
    return orderPageItemsOf(await this.facts.ofIds<OrderPageRecord, OrderFactPlan>(locateOrdersStatement, account, plan, ids), false);
  }

  forget(account: string): Promise<void> {
    return this.facts.forget(account);
  }

  close(): Promise<void> {
    return this.facts.close();
  }
}
