import "server-only";

// The orders fact table in PostgreSQL, shared by every instance. Same contract as
// SqliteOrderFactStore, answer for answer (lib/store/order-fact-store.ts); the methods are
// AsyncOrderFactStore's, over the table's PostgresFactTableStore.
import type { Pool } from "pg";
import { AsyncOrderFactStore } from "../async-order-fact-store";
import { orderRowValues, ORDER_ROW_COLUMNS } from "../order-fact-sql";
import type { OrderFactRow } from "../order-fact-store";
import { PostgresFactTableStore } from "./postgres-fact-table-store";
import type { PostgresPoolOptions } from "./pool";

export class PostgresOrderFactStore extends AsyncOrderFactStore {
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    super(new PostgresFactTableStore<OrderFactRow>({ rows: "salesdash_order_facts", columns: ORDER_ROW_COLUMNS, days: "salesdash_order_fact_days", valuesOf: orderRowValues }, connection, options));
  }
}
