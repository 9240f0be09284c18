import "server-only";

// The carts fact table's embedded back-end, in the mirror's SQLite file beside the purchases'
// and the orders' (lib/store/cart-fact-store.ts). better-sqlite3 is synchronous: a day's rows are
// replaced in one transaction.
import type Database from "better-sqlite3";
import { openFactSqlite } from "./sqlite-fact-open";
import { sqliteFactDays } from "./sqlite-fact-days";
import { cartRowsStatement, cartRowValues, CART_ROW_COLUMNS } from "./cart-fact-sql";
import type { CartFactPlan, CartFactRow, CartFactStore, CartRowValues } from "./cart-fact-store";
import type { FactDayMeta } from "./purchase-fact-store";

const TABLE = "cart_facts";

export class SqliteCartFactStore implements CartFactStore {
  private readonly db: Database.Database;
  private readonly statements;

  constructor(file: string) {
    this.db = openFactSqlite(file, { rows: TABLE, days: "cart_fact_days" });
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS ${TABLE} (account TEXT NOT NULL, day TEXT NOT NULL, seq INTEGER NOT NULL,
        checkout_id TEXT NOT NULL, session_at INTEGER NOT NULL, session_text TEXT NOT NULL,
        product TEXT, offer TEXT, payment_method TEXT, psp TEXT, card_brand TEXT, country TEXT,
        offer_name TEXT, state TEXT, checkout_version TEXT, session_mode TEXT, decline_code TEXT,
        amount_cents INTEGER NOT NULL, attempts INTEGER, approved INTEGER, declined INTEGER, recovered INTEGER NOT NULL,
        loaded_at INTEGER, first_attempt_at INTEGER, first_approved_at INTEGER, abandoned_at INTEGER, purchased_at INTEGER,
        PRIMARY KEY (account, day, seq)) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS ${TABLE}_time ON ${TABLE} (account, session_at);
      CREATE INDEX IF NOT EXISTS ${TABLE}_product ON ${TABLE} (account, product, session_at);
      CREATE INDEX IF NOT EXISTS ${TABLE}_offer ON ${TABLE} (account, offer, session_at);
      CREATE TABLE IF NOT EXISTS cart_fact_days (account TEXT NOT NULL, day TEXT NOT NULL, fetched_at INTEGER NOT NULL,
        count INTEGER NOT NULL, PRIMARY KEY (account, day));
    `);
    this.statements = sqliteFactDays<CartFactRow>(this.db, { rows: TABLE, columns: CART_ROW_COLUMNS, days: "cart_fact_days" }, cartRowValues);
  }

  async replaceDay(account: string, day: string, fetchedAt: number, rows: readonly CartFactRow[]): Promise<void> {
    this.statements.replace(account, day, fetchedAt, rows);
  }

  async readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]> {
    return this.statements.readMeta(account, days);
  }

  async carts(account: string, plan: CartFactPlan): Promise<CartRowValues[]> {
    const s = cartRowsStatement("sqlite", TABLE, account, plan);
    return this.db.prepare(s.text).raw().all(...s.args) as CartRowValues[];
  }

  async forget(account: string): Promise<void> {
    this.statements.forget(account);
    this.db.pragma("wal_checkpoint(TRUNCATE)");
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
