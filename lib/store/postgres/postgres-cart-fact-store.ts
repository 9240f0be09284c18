import "server-only";

// The carts fact table in PostgreSQL, shared by every instance. Same contract as
// SqliteCartFactStore, answer for answer (lib/store/cart-fact-store.ts).
import type { Pool } from "pg";
import { cartRowsStatement, cartRowValues, CART_ROW_COLUMNS } from "../cart-fact-sql";
import type { CartFactPlan, CartFactRow, CartFactStore, CartRowValues } from "../cart-fact-store";
import { PostgresFactTableStore } from "./postgres-fact-table-store";
import type { PostgresPoolOptions } from "./pool";

const TABLE = "salesdash_cart_facts";

export class PostgresCartFactStore extends PostgresFactTableStore<CartFactRow> implements CartFactStore {
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    super({ rows: TABLE, columns: CART_ROW_COLUMNS, days: "salesdash_cart_fact_days", valuesOf: cartRowValues }, connection, options);
  }

  async carts(account: string, plan: CartFactPlan): Promise<CartRowValues[]> {
    const s = cartRowsStatement("postgres", TABLE, account, plan);
    return (await this.pool.query<CartRowValues>({ text: s.text, values: s.args, rowMode: "array" })).rows;
  }
}
