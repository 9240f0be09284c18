import "server-only";

// The orders fact table in a DuckDB file beside the mirror (SALESDASH_FACT_ENGINE=duckdb, as the
// purchases'): the same contract as SqliteOrderFactStore and PostgresOrderFactStore, answer for
// answer (lib/store/order-fact-store.ts): AsyncOrderFactStore's methods, as PostgreSQL's, the
// shared SQL in its "duckdb" dialect. In the purchases' file (facts.duckdb), on the same instance:
// the app hosts the four DuckDB fact stores in one worker thread (worker-fact-stores.ts), and one
// process may hold a DuckDB file with one instance only. Not encrypted, as the purchases'.
import { AsyncOrderFactStore } from "../async-order-fact-store";
import { ORDER_DIMENSION_COLUMN, orderRowValues, ORDER_ROW_COLUMNS } from "../order-fact-sql";
import { ORDER_FACT_DIMENSIONS, type OrderFactRow } from "../order-fact-store";
import { bigint, double, nullable, text } from "./duckdb-columns";
import { DuckDbFactTableStore, type DuckDbFactTable } from "./duckdb-fact-table-store";

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
  sort_amount: double,
};

export class DuckDbOrderFactStore extends AsyncOrderFactStore {
  /** `file`: the DuckDB file (facts.duckdb in the data directory), made when missing. */
  constructor(file: string) {
    super(new DuckDbFactTableStore<OrderFactRow>(file, { rows: "order_facts", columns: ORDER_ROW_COLUMNS, days: "order_fact_days", valuesOf: orderRowValues, types: TYPES }));
  }
}
