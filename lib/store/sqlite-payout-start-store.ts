import "server-only";

// The payout back-test's month starts (payout-start-store.ts) in one SQLite file of the data
// directory, on the embedded default. A write is one transaction: its rows and the trim.
import type Database from "better-sqlite3";
import { openPrivateSqlite } from "./private-sqlite";
import { MAX_PAYOUT_STARTS, type PayoutStartStore } from "./payout-start-store";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS payout_starts (
  account TEXT NOT NULL,
  key TEXT NOT NULL,
  written_at INTEGER NOT NULL,
  bytes BLOB NOT NULL,
  PRIMARY KEY (account, key)
) WITHOUT ROWID;
`;

export class SqlitePayoutStartStore implements PayoutStartStore {
  private readonly db: Database.Database;
  private readonly writeAll: (account: string, starts: ReadonlyArray<{ key: string; bytes: Uint8Array }>, at: number) => void;

  constructor(file: string) {
    this.db = openPrivateSqlite(file);
    this.db.exec(SCHEMA);
    const insert = this.db.prepare("INSERT OR IGNORE INTO payout_starts (account, key, written_at, bytes) VALUES (?, ?, ?, ?)");
    const trim = this.db.prepare("DELETE FROM payout_starts WHERE account = ? AND key NOT IN (SELECT key FROM payout_starts WHERE account = ? ORDER BY written_at DESC, key LIMIT ?)");
    this.writeAll = this.db.transaction((account: string, starts: ReadonlyArray<{ key: string; bytes: Uint8Array }>, at: number) => {
      for (const { key, bytes } of starts) insert.run(account, key, at, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      trim.run(account, account, MAX_PAYOUT_STARTS);
    });
  }

  async read(account: string, keys: readonly string[]): Promise<Array<Uint8Array | null>> {
    const found = new Map<string, Uint8Array>();
    const select = this.db.prepare("SELECT key, bytes FROM payout_starts WHERE account = ? AND key = ?");
    for (const key of new Set(keys)) {
      const row = select.get(account, key) as { key: string; bytes: Buffer } | undefined;
      if (row) found.set(key, new Uint8Array(row.bytes));
    }
    return keys.map((key) => found.get(key) ?? null);
  }

  async write(account: string, starts: ReadonlyArray<{ key: string; bytes: Uint8Array }>, at: number): Promise<void> {
    if (starts.length > 0) this.writeAll(account, starts, at);
  }

  async deleteAccount(account: string): Promise<void> {
    this.db.prepare("DELETE FROM payout_starts WHERE account = ?").run(account);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
