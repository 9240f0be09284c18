import "server-only";

// The carts fact table in PostgreSQL, shared by every instance. Same contract as
// SqliteCartFactStore, answer for answer (lib/store/cart-fact-store.ts); the methods are
// AsyncCartFactStore's, over the table's PostgresFactTableStore, the panels reading the purchases'
// table of the same database.
import type { Pool } from "pg";
import { AsyncCartFactStore } from "../async-cart-fact-store";
import { cartRowValues, CART_ROW_COLUMNS } from "../cart-fact-sql";
import type { CartFactRow } from "../cart-fact-store";
import { PostgresFactTableStore } from "./postgres-fact-table-store";
import type { PostgresPoolOptions } from "./pool";
import { PURCHASE_FACTS } from "./postgres-purchase-fact-store";

export class PostgresCartFactStore extends AsyncCartFactStore {
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    super(new PostgresFactTableStore<CartFactRow>({ rows: "salesdash_cart_facts", columns: CART_ROW_COLUMNS, days: "salesdash_cart_fact_days", valuesOf: cartRowValues }, connection, options), PURCHASE_FACTS);
  }
}
