import "server-only";

// The purchases fact table in PostgreSQL, shared by every instance. Same contract as
// SqlitePurchaseFactStore, answer for answer (lib/store/purchase-fact-store.ts); the methods are
// AsyncPurchaseFactStore's, over the table's PostgresFactTableStore.
import type { Pool } from "pg";
import { AsyncPurchaseFactStore } from "../async-purchase-fact-store";
import { ROW_COLUMNS, rowValues } from "../purchase-fact-sql";
import type { PurchaseFactRow } from "../purchase-fact-store";
import { PostgresFactTableStore } from "./postgres-fact-table-store";
import type { PostgresPoolOptions } from "./pool";

/** The purchases fact table (the carts' store reads it beside its own: cart-panel-sql.ts). */
export const PURCHASE_FACTS = "salesdash_purchase_facts";
/** Its days' marks, whose `repeats` and `checkout_repeats` the carts' panels read too. */
export const PURCHASE_FACT_DAYS = "salesdash_purchase_fact_days";

export class PostgresPurchaseFactStore extends AsyncPurchaseFactStore {
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    super(new PostgresFactTableStore<PurchaseFactRow>({ rows: PURCHASE_FACTS, columns: ROW_COLUMNS, days: PURCHASE_FACT_DAYS, valuesOf: rowValues, key: "purchase_id", frontCheckouts: true }, connection, options));
  }
}
