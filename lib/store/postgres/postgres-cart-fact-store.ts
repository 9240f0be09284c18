import "server-only";

// The carts fact table in PostgreSQL, shared by every instance. Same contract as
// SqliteCartFactStore, answer for answer (lib/store/cart-fact-store.ts); the methods are
// AsyncCartFactStore's, over the table's PostgresFactTableStore, the panels reading the purchases'
// table of the same database; each day's mark counts its carts also stored on another day (`repeats`).
import type { Pool } from "pg";
import { AsyncCartFactStore } from "../async-cart-fact-store";
import { cartRowValues, CART_ROW_COLUMNS } from "../cart-fact-sql";
import type { CartFactRow } from "../cart-fact-store";
import { PostgresFactTableStore } from "./postgres-fact-table-store";
import type { PostgresPoolOptions } from "./pool";
import { PURCHASE_FACT_DAYS, PURCHASE_FACTS } from "./postgres-purchase-fact-store";

const CART_FACT_DAYS = "salesdash_cart_fact_days";

export class PostgresCartFactStore extends AsyncCartFactStore {
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    super(new PostgresFactTableStore<CartFactRow>({ rows: "salesdash_cart_facts", columns: CART_ROW_COLUMNS, days: CART_FACT_DAYS, valuesOf: cartRowValues, key: "checkout_id" }, connection, options), PURCHASE_FACTS, {
      carts: CART_FACT_DAYS,
      purchases: PURCHASE_FACT_DAYS,
    });
  }
}
