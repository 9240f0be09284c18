import "server-only";

// The carts fact table's embedded back-end, in the mirror's SQLite file beside the purchases'
// and the orders' (lib/store/cart-fact-store.ts). better-sqlite3 is synchronous: a day's rows are
// replaced in one transaction (sqlite-fact-table-store.ts).
import { LRUCache } from "lru-cache";
import { SqliteFactTableStore } from "./sqlite-fact-table-store";
import { cartRowsStatement, cartRowValues, CART_ROW_COLUMNS } from "./cart-fact-sql";
import type { CartFactPlan, CartFactRow, CartFactStore, CartRowValues } from "./cart-fact-store";
import { cartPanelSteps, runSteps } from "./cart-panel-sql";
import type { CartPanelGroups, CartPanelPlan } from "./cart-panel-store";
import { PURCHASE_FACTS } from "./sqlite-purchase-fact-store";

const TABLE = "cart_facts";
/** Plans whose groups are kept: a report's two periods, for a few reports' filters or ranges (each a few KiB). */
const PANELS_KEPT = 8;

export class SqliteCartFactStore extends SqliteFactTableStore<CartFactRow> implements CartFactStore {
  constructor(file: string) {
    super(file, {
      rows: TABLE,
      columns: CART_ROW_COLUMNS,
      days: "cart_fact_days",
      valuesOf: cartRowValues,
      schema: `
        CREATE TABLE IF NOT EXISTS ${TABLE} (account TEXT NOT NULL, day TEXT NOT NULL, seq INTEGER NOT NULL,
          checkout_id TEXT NOT NULL, session_at INTEGER NOT NULL, session_text TEXT NOT NULL,
          product TEXT, offer TEXT, payment_method TEXT, psp TEXT, card_brand TEXT, country TEXT,
          offer_name TEXT, state TEXT, checkout_version TEXT, session_mode TEXT, decline_code TEXT,
          amount_cents INTEGER NOT NULL, attempts INTEGER, approved INTEGER, declined INTEGER, recovered INTEGER NOT NULL,
          loaded_at INTEGER, first_attempt_at INTEGER, first_approved_at INTEGER, abandoned_at INTEGER, purchased_at INTEGER,
          PRIMARY KEY (account, day, seq)) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS ${TABLE}_time ON ${TABLE} (account, session_at);
        CREATE INDEX IF NOT EXISTS ${TABLE}_product ON ${TABLE} (account, product, session_at);
        CREATE INDEX IF NOT EXISTS ${TABLE}_offer ON ${TABLE} (account, offer, session_at);`,
    });
  }

  async carts(account: string, plan: CartFactPlan): Promise<CartRowValues[]> {
    const s = cartRowsStatement("sqlite", TABLE, account, plan);
    return this.db.prepare(s.text).raw().all(...s.args) as CartRowValues[];
  }

  /**
   * The groups of the last few plans, kept while the file is unchanged: a second visit of the same
   * report is answered without its groupings (docs/benchmarks.md). Anything written since, by
   * this connection (total_changes(): the fact rows this store writes) or by any other (PRAGMA
   * data_version: the purchases' store, the mirror, another process), empties it. The selections'
   * own writes happen inside cartPanels only, and are counted in the mark taken at its end.
   */
  private readonly panels = new LRUCache<string, CartPanelGroups>({ max: PANELS_KEPT });
  private panelsMark = "";

  async cartPanels(account: string, plan: CartPanelPlan): Promise<CartPanelGroups> {
    // One transaction: a day replaced meanwhile cannot set the groupings apart.
    return this.db.transaction(() => {
      // Others' commits are read before this transaction's first read: one landing while the groupings run shows at the next call.
      const version = String(this.db.pragma("data_version", { simple: true }));
      if (`${version}/${this.changes()}` !== this.panelsMark) this.panels.clear();
      const key = JSON.stringify([account, plan]);
      let groups = this.panels.get(key);
      if (groups === undefined) {
        groups = runSteps(cartPanelSteps("sqlite", { carts: TABLE, purchases: PURCHASE_FACTS }, account, plan), (step) => {
          if ("exec" in step) this.db.exec(step.exec);
          else if ("run" in step) this.db.prepare(step.run.text).run(...step.run.args);
          else return this.db.prepare(step.query.text).all(...step.query.args) as Array<Record<string, number | string | null>>;
          return [];
        });
        this.panels.set(key, groups);
        this.panelsMark = `${version}/${this.changes()}`;
      }
      // A copy: whoever reads it in this thread cannot change the one kept.
      return structuredClone(groups);
    })();
  }

  /** This connection's rows changed since it opened (the selections' included). */
  private changes(): string {
    return String(this.db.prepare("SELECT total_changes()").pluck().get());
  }
}
