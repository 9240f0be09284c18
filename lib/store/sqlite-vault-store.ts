import "server-only";

// The credential vault's embedded store: one SQLite file under the data directory.
import type Database from "better-sqlite3";
import { openPrivateSqlite } from "./private-sqlite";
import type { VaultStore } from "./vault-store";

export class SqliteVaultStore implements VaultStore {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = openPrivateSqlite(file);
    this.db.exec("CREATE TABLE IF NOT EXISTS vault (ref TEXT PRIMARY KEY, sealed TEXT NOT NULL, expires_at INTEGER NOT NULL)");
  }

  async put(ref: string, sealed: string, expiresAt: number): Promise<void> {
    this.db.prepare("INSERT OR REPLACE INTO vault (ref, sealed, expires_at) VALUES (?, ?, ?)").run(ref, sealed, expiresAt);
  }

  async get(ref: string, now: number): Promise<string | undefined> {
    this.db.prepare("DELETE FROM vault WHERE expires_at <= ?").run(now);
    const row = this.db.prepare("SELECT sealed FROM vault WHERE ref = ?").get(ref) as { sealed: string } | undefined;
    return row?.sealed;
  }

  async delete(ref: string): Promise<boolean> {
    return this.db.prepare("DELETE FROM vault WHERE ref = ?").run(ref).changes > 0;
  }

  async entries(now: number): Promise<Array<{ ref: string; sealed: string }>> {
    return this.db.prepare("SELECT ref, sealed FROM vault WHERE expires_at > ? ORDER BY ref").all(now) as Array<{ ref: string; sealed: string }>;
  }
}
