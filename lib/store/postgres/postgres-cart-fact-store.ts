import "server-only";

// The carts fact table in PostgreSQL, shared by every instance. Same contract as
// SqliteCartFactStore, answer for answer (lib/store/cart-fact-store.ts).
import type { Pool } from "pg";
import { cartRowsStatement, cartRowValues, CART_ROW_COLUMNS } from "../cart-fact-sql";
import type { CartFactPlan, CartFactRow, CartFactStore, CartRowValues } from "../cart-fact-store";
import { cartPanelSteps, runStepsAsync } from "../cart-panel-sql";
import type { CartPanelGroups, CartPanelPlan } from "../cart-panel-store";
import { PostgresFactTableStore } from "./postgres-fact-table-store";
import { inTransaction, type PostgresPoolOptions } from "./pool";
import { PURCHASE_FACTS } from "./postgres-purchase-fact-store";

const TABLE = "salesdash_cart_facts";

export class PostgresCartFactStore extends PostgresFactTableStore<CartFactRow> implements CartFactStore {
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    super({ rows: TABLE, columns: CART_ROW_COLUMNS, days: "salesdash_cart_fact_days", valuesOf: cartRowValues }, connection, options);
  }

  async carts(account: string, plan: CartFactPlan): Promise<CartRowValues[]> {
    const s = cartRowsStatement("postgres", TABLE, account, plan);
    return (await this.pool.query<CartRowValues>({ text: s.text, values: s.args, rowMode: "array" })).rows;
  }

  async cartPanels(account: string, plan: CartPanelPlan): Promise<CartPanelGroups> {
    // One snapshot on one client: the selections are temporary tables of this transaction.
    return inTransaction(this.pool, async (client) => {
      await client.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
      return runStepsAsync(cartPanelSteps("postgres", { carts: TABLE, purchases: PURCHASE_FACTS }, account, plan), async (step) => {
        const statement = "exec" in step ? { text: step.exec, args: [] } : "run" in step ? step.run : step.query;
        return (await client.query(statement.text, statement.args)).rows;
      });
    });
  }
}
