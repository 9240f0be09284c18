import "server-only";

// Share links in one SQLite file under the data directory. Each change is one statement, so
// SQLite's write lock makes it atomic for every request of this process.
import type Database from "better-sqlite3";
import { openPrivateSqlite } from "./private-sqlite";
import { recordFromColumns, rowFromColumns, SHARE_LINK_COLUMNS, SHARE_LINK_RECORD_COLUMNS, shareLinkValues, type ShareLinkColumns, type ShareLinkInsert, type ShareLinkRecord, type ShareLinkRow, type ShareLinkStore, type ShareLockPolicy, type ShareTries } from "./share-link-store";

const INSERT = `INSERT INTO share_links (${SHARE_LINK_COLUMNS}) VALUES (${SHARE_LINK_COLUMNS.split(",").map(() => "?").join(", ")})`;
const ACTIVE = "account = ? AND revoked_at IS NULL AND expires_at > ?";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS share_links (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  account TEXT NOT NULL,
  report TEXT NOT NULL,
  query TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('fixed', 'live')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER,
  password_hash TEXT,
  views INTEGER NOT NULL DEFAULT 0,
  last_opened_at INTEGER,
  failed_tries INTEGER NOT NULL DEFAULT 0,
  locked_until INTEGER,
  snapshot_at INTEGER NOT NULL,
  snapshot BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS share_links_account ON share_links (account, created_at);
`;

export class SqliteShareLinkStore implements ShareLinkStore {
  private readonly db: Database.Database;
  // Transactions: the count and the insert (or the revocation and the insert) under one write
  // lock, so another connection to the file cannot come between them.
  private readonly insertCapped: (row: ShareLinkRow, maxActive: number) => ShareLinkInsert;
  private readonly rotate: (account: string, id: string, replacement: ShareLinkRow, at: number) => boolean;

  constructor(file: string) {
    this.db = openPrivateSqlite(file);
    this.db.exec(SCHEMA);
    this.insertCapped = this.db.transaction((row: ShareLinkRow, maxActive: number): ShareLinkInsert => {
      const { n } = this.db.prepare(`SELECT count(*) AS n FROM share_links WHERE ${ACTIVE}`).get(row.account, row.createdAt) as { n: number };
      if (n >= maxActive) return "full";
      this.db.prepare(INSERT).run(...shareLinkValues(row));
      return "created";
    });
    this.rotate = this.db.transaction((account: string, id: string, replacement: ShareLinkRow, at: number): boolean => {
      if (this.db.prepare(`UPDATE share_links SET revoked_at = ? WHERE id = ? AND ${ACTIVE}`).run(at, id, account, at).changes === 0) return false;
      this.db.prepare(INSERT).run(...shareLinkValues(replacement));
      return true;
    });
  }

  async insert(row: ShareLinkRow, maxActive?: number): Promise<ShareLinkInsert> {
    if (maxActive !== undefined) return this.insertCapped(row, maxActive);
    this.db.prepare(INSERT).run(...shareLinkValues(row));
    return "created";
  }

  async findOwned(account: string, id: string): Promise<ShareLinkRow | undefined> {
    const found = this.db.prepare(`SELECT ${SHARE_LINK_COLUMNS} FROM share_links WHERE id = ? AND account = ?`).get(id, account) as (ShareLinkColumns & { snapshot: Buffer }) | undefined;
    return found && rowFromColumns(found);
  }

  async replace(account: string, id: string, replacement: ShareLinkRow, at: number): Promise<boolean> {
    return this.rotate(account, id, replacement, at);
  }

  async findByTokenHash(tokenHash: string): Promise<ShareLinkRow | undefined> {
    const found = this.db.prepare(`SELECT ${SHARE_LINK_COLUMNS} FROM share_links WHERE token_hash = ?`).get(tokenHash) as (ShareLinkColumns & { snapshot: Buffer }) | undefined;
    return found && rowFromColumns(found);
  }

  async list(account: string): Promise<ShareLinkRecord[]> {
    const rows = this.db.prepare(`SELECT ${SHARE_LINK_RECORD_COLUMNS} FROM share_links WHERE account = ? ORDER BY created_at DESC, id`).all(account) as ShareLinkColumns[];
    return rows.map(recordFromColumns);
  }

  async revoke(account: string, id: string, at: number): Promise<boolean> {
    return this.db.prepare("UPDATE share_links SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND account = ?").run(at, id, account).changes > 0;
  }

  async recordView(id: string, at: number): Promise<void> {
    this.db.prepare("UPDATE share_links SET views = views + 1, last_opened_at = ? WHERE id = ?").run(at, id);
  }

  async recordFailedTry(id: string, now: number, policy: ShareLockPolicy): Promise<ShareTries | undefined> {
    // SET reads the row's old values in every expression: both see the same failed_tries.
    const tries = this.db
      .prepare(
        `UPDATE share_links SET
           failed_tries = CASE WHEN failed_tries + 1 >= @max THEN 0 ELSE failed_tries + 1 END,
           locked_until = CASE WHEN failed_tries + 1 >= @max THEN @until ELSE locked_until END
         WHERE id = @id RETURNING failed_tries, locked_until`,
      )
      .get({ id, max: policy.maxTries, until: now + policy.lockMs }) as { failed_tries: number; locked_until: number | null } | undefined;
    return tries && { failedTries: tries.failed_tries, lockedUntil: tries.locked_until };
  }

  async clearFailedTries(id: string): Promise<void> {
    this.db.prepare("UPDATE share_links SET failed_tries = 0, locked_until = NULL WHERE id = ?").run(id);
  }

  async replaceSnapshot(id: string, snapshot: Buffer, at: number): Promise<boolean> {
    return this.db.prepare("UPDATE share_links SET snapshot = ?, snapshot_at = ? WHERE id = ?").run(snapshot, at, id).changes > 0;
  }

  async deleteAccount(account: string): Promise<void> {
    this.db.prepare("DELETE FROM share_links WHERE account = ?").run(account);
  }
}
