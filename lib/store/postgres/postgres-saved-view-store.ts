import "server-only";

// Saved views in PostgreSQL, shared by every instance; same contract as the SQLite store. The
// insert takes a transaction-scoped advisory lock on the account, so two instances saving at
// once cannot both pass the count check.
import type { Pool } from "pg";
import { MAX_SAVED_VIEWS, savedViewNameKey, type SavedView, type SavedViewCreation, type SavedViewStore } from "../saved-view-store";
import { inTransaction, storePool, type PostgresPoolOptions } from "./pool";

interface Row { id: string; account: string; name: string; report: SavedView["report"]; query: string; created_at: string }

const toView = (row: Row): SavedView => ({ id: row.id, account: row.account, name: row.name, report: row.report, query: row.query, createdAt: Number(row.created_at) });

export class PostgresSavedViewStore implements SavedViewStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;

  /** On a shared pool, or on a URL (the store then owns its pool and ends it on close). */
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    ({ pool: this.pool, owned: this.ownsPool } = storePool(connection, options));
  }

  async list(account: string): Promise<SavedView[]> {
    const { rows } = await this.pool.query<Row>("SELECT id, account, name, report, query, created_at FROM salesdash_saved_views WHERE account = $1 ORDER BY created_at, id", [account]);
    return rows.map(toView);
  }

  async create(view: SavedView): Promise<SavedViewCreation> {
    const key = savedViewNameKey(view.name);
    return inTransaction(this.pool, async (client) => {
      await client.query("SELECT pg_advisory_xact_lock(hashtext('salesdash_saved_views:' || $1))", [view.account]);
      const { rows } = await client.query<{ taken: boolean; n: string }>(
        "SELECT bool_or(name_key = $2) AS taken, count(*) AS n FROM salesdash_saved_views WHERE account = $1",
        [view.account, key],
      );
      const answer: SavedViewCreation = rows[0]?.taken ? "name_taken" : Number(rows[0]?.n ?? 0) >= MAX_SAVED_VIEWS ? "full" : "created";
      if (answer === "created") {
        await client.query("INSERT INTO salesdash_saved_views (id, account, name, name_key, report, query, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)", [
          view.id, view.account, view.name, key, view.report, view.query, view.createdAt,
        ]);
      }
      return answer;
    });
  }

  async delete(account: string, id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query("DELETE FROM salesdash_saved_views WHERE account = $1 AND id = $2", [account, id]);
    return (rowCount ?? 0) > 0;
  }

  async deleteAccount(account: string): Promise<void> {
    await this.pool.query("DELETE FROM salesdash_saved_views WHERE account = $1", [account]);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
