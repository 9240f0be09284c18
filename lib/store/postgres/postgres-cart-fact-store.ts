import "server-only";

// The carts fact table in PostgreSQL, shared by every instance. Same contract as
// SqliteCartFactStore, answer for answer (lib/store/cart-fact-store.ts).
import type { Pool } from "pg";
import { cartRowsStatement, cartRowValues, CART_ROW_COLUMNS } from "../cart-fact-sql";
import type { CartFactPlan, CartFactRow, CartFactStore, CartRowValues } from "../cart-fact-store";
import type { FactDayMeta } from "../purchase-fact-store";
import { readFactDayMeta, replaceFactDay } from "./fact-days";
import { storePool, type PostgresPoolOptions } from "./pool";

const TABLE = "salesdash_cart_facts";
const TABLES = { rows: TABLE, columns: ["account", "day", "seq", ...CART_ROW_COLUMNS], days: "salesdash_cart_fact_days" };

export class PostgresCartFactStore implements CartFactStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;

  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    ({ pool: this.pool, owned: this.ownsPool } = storePool(connection, options));
  }

  async replaceDay(account: string, day: string, fetchedAt: number, rows: readonly CartFactRow[]): Promise<void> {
    await replaceFactDay(this.pool, TABLES, account, day, fetchedAt, rows.map(cartRowValues));
  }

  async readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]> {
    return readFactDayMeta(this.pool, TABLES.days, account, days);
  }

  async carts(account: string, plan: CartFactPlan): Promise<CartRowValues[]> {
    const s = cartRowsStatement("postgres", TABLE, account, plan);
    return (await this.pool.query<CartRowValues>({ text: s.text, values: s.args, rowMode: "array" })).rows;
  }

  async forget(account: string): Promise<void> {
    await this.pool.query(`WITH facts AS (DELETE FROM ${TABLE} WHERE account = $1) DELETE FROM salesdash_cart_fact_days WHERE account = $1`, [account]);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
