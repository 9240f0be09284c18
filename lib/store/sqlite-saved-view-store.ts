import "server-only";

// Saved views in one SQLite file under the data directory, beside the account settings. The
// count and the name are checked in the same transaction as the insert.
import type Database from "better-sqlite3";
import { openPrivateSqlite } from "./private-sqlite";
import { MAX_SAVED_VIEWS, savedViewNameKey, type SavedView, type SavedViewCreation, type SavedViewStore } from "./saved-view-store";

interface Row { id: string; account: string; name: string; report: SavedView["report"]; query: string; created_at: number }

const toView = (row: Row): SavedView => ({ id: row.id, account: row.account, name: row.name, report: row.report, query: row.query, createdAt: row.created_at });

export class SqliteSavedViewStore implements SavedViewStore {
  private readonly db: Database.Database;
  private readonly insert: (view: SavedView) => SavedViewCreation;

  constructor(file: string) {
    this.db = openPrivateSqlite(file);
    this.db.exec(`CREATE TABLE IF NOT EXISTS saved_views (
      id TEXT PRIMARY KEY, account TEXT NOT NULL, name TEXT NOT NULL, name_key TEXT NOT NULL,
      report TEXT NOT NULL, query TEXT NOT NULL, created_at INTEGER NOT NULL, UNIQUE (account, name_key))`);
    this.insert = this.db.transaction((view: SavedView): SavedViewCreation => {
      const key = savedViewNameKey(view.name);
      if (this.db.prepare("SELECT 1 FROM saved_views WHERE account = ? AND name_key = ?").get(view.account, key)) return "name_taken";
      const { n } = this.db.prepare("SELECT count(*) AS n FROM saved_views WHERE account = ?").get(view.account) as { n: number };
      if (n >= MAX_SAVED_VIEWS) return "full";
      this.db.prepare("INSERT INTO saved_views (id, account, name, name_key, report, query, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
        .run(view.id, view.account, view.name, key, view.report, view.query, view.createdAt);
      return "created";
    });
  }

  async list(account: string): Promise<SavedView[]> {
    const rows = this.db.prepare("SELECT id, account, name, report, query, created_at FROM saved_views WHERE account = ? ORDER BY created_at, id").all(account) as Row[];
    return rows.map(toView);
  }

  async create(view: SavedView): Promise<SavedViewCreation> {
    return this.insert(view);
  }

  async delete(account: string, id: string): Promise<boolean> {
    return this.db.prepare("DELETE FROM saved_views WHERE account = ? AND id = ?").run(account, id).changes > 0;
  }

  async deleteAccount(account: string): Promise<void> {
    this.db.prepare("DELETE FROM saved_views WHERE account = ?").run(account);
  }
}
