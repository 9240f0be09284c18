import "server-only";

// The carts fact table in the DuckDB file of the purchases' (SALESDASH_FACT_ENGINE=duckdb): the
// same contract as SqliteCartFactStore and PostgresCartFactStore, answer for answer
// (lib/store/cart-fact-store.ts): AsyncCartFactStore's methods, as PostgreSQL's, the shared SQL
// in its "duckdb" dialect. The purchases' table is beside it, so the Abandonment panels are
// aggregated here (cart-panel-sql.ts) as on SQLite and PostgreSQL; each day's mark counts its
// records stored again (`repeats`), as PostgreSQL's do. Not encrypted.
import { AsyncCartFactStore } from "../async-cart-fact-store";
import { CART_DIMENSION_COLUMN, cartRowValues, CART_ROW_COLUMNS } from "../cart-fact-sql";
import { CART_FACT_DIMENSIONS, type CartFactPlan, type CartFactRow, type CartRowValues } from "../cart-fact-store";
import type { CartPanelGroups, CartPanelPlan } from "../cart-panel-store";
import type { PurchaseFactRow } from "../purchase-fact-store";
import { bigint, integer, nullable, text } from "./duckdb-columns";
import { DuckDbFactTableStore, type DuckDbFactTable } from "./duckdb-fact-table-store";
import { DUCKDB_PURCHASE_FACTS } from "./duckdb-purchase-fact-store";

/** The columns' types, as PostgreSQL's migration gives them (0008). */
const TYPES: DuckDbFactTable<CartFactRow>["types"] = {
  checkout_id: text,
  session_at: bigint,
  session_text: text,
  ...Object.fromEntries(CART_FACT_DIMENSIONS.map((d) => [CART_DIMENSION_COLUMN[d], nullable(text)])),
  offer_name: nullable(text),
  state: nullable(text),
  checkout_version: nullable(text),
  session_mode: nullable(text),
  decline_code: nullable(text),
  amount_cents: bigint,
  attempts: nullable(integer),
  approved: nullable(integer),
  declined: nullable(integer),
  recovered: integer,
  ...Object.fromEntries(["loaded_at", "first_attempt_at", "first_approved_at", "abandoned_at", "purchased_at"].map((c) => [c, nullable(bigint)])),
};

/** A cart's values as SQLite answers them: DuckDB's BIGINT columns come as bigints (structured clone keeps them, but a number is what the contract's readers expect). */
const numbers = (row: CartRowValues): CartRowValues => row.map((v) => (typeof v === "bigint" ? Number(v) : v));

export class DuckDbCartFactStore extends AsyncCartFactStore {
  /** The purchases' table, made here when this store opens first: the panels read it. */
  private readonly purchaseTable: DuckDbFactTableStore<PurchaseFactRow>;

  /** `file`: the DuckDB file of the four fact stores (facts.duckdb in the data directory), made when missing. */
  constructor(file: string) {
    const purchases = new DuckDbFactTableStore<PurchaseFactRow>(file, DUCKDB_PURCHASE_FACTS);
    super(new DuckDbFactTableStore<CartFactRow>(file, { rows: "cart_facts", columns: CART_ROW_COLUMNS, days: "cart_fact_days", valuesOf: cartRowValues, types: TYPES, key: "checkout_id" }), purchases.table, {
      carts: "cart_fact_days",
      purchases: DUCKDB_PURCHASE_FACTS.days,
    });
    this.purchaseTable = purchases;
  }

  override async carts(account: string, plan: CartFactPlan): Promise<CartRowValues[]> {
    return (await super.carts(account, plan)).map(numbers);
  }

  /** The panels read the purchases' table too: it exists once its store has opened (super's are kept while the file's write mark stays). */
  override async cartPanels(account: string, plan: CartPanelPlan): Promise<CartPanelGroups> {
    await this.purchaseTable.opened();
    return super.cartPanels(account, plan);
  }

  override async close(): Promise<void> {
    await Promise.all([super.close(), this.purchaseTable.close()]);
  }
}
