import "server-only";

// Share links in PostgreSQL, shared by every instance; same contract as the SQLite store. Each
// change is one statement: a wrong password counted by two instances at once is counted twice.
import type { Pool } from "pg";
import { recordFromColumns, rowFromColumns, SHARE_LINK_COLUMNS, SHARE_LINK_RECORD_COLUMNS, shareLinkValues, type ShareLinkColumns, type ShareLinkInsert, type ShareLinkRecord, type ShareLinkRow, type ShareLinkStore, type ShareLockPolicy, type ShareTries } from "../share-link-store";
import { inTransaction, storePool, type PostgresPoolOptions } from "./pool";

const PLACEHOLDERS = SHARE_LINK_COLUMNS.split(",").map((_, i) => `$${i + 1}`).join(", ");
const INSERT = `INSERT INTO salesdash_share_links (${SHARE_LINK_COLUMNS}) VALUES (${PLACEHOLDERS})`;

export class PostgresShareLinkStore implements ShareLinkStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;

  /** On a shared pool, or on a URL (the store then owns its pool and ends it on close). */
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    ({ pool: this.pool, owned: this.ownsPool } = storePool(connection, options));
  }

  async insert(row: ShareLinkRow, maxActive?: number): Promise<ShareLinkInsert> {
    if (maxActive === undefined) {
      await this.pool.query(INSERT, shareLinkValues(row));
      return "created";
    }
    // A transaction-scoped advisory lock on the account: two instances creating at once count
    // one after the other, so they cannot both pass the cap.
    return inTransaction(this.pool, async (client) => {
      await client.query("SELECT pg_advisory_xact_lock(hashtext('salesdash_share_links:' || $1))", [row.account]);
      const { rows } = await client.query<{ n: string }>(
        "SELECT count(*) AS n FROM salesdash_share_links WHERE account = $1 AND revoked_at IS NULL AND expires_at > $2",
        [row.account, row.createdAt],
      );
      if (Number(rows[0]?.n ?? 0) >= maxActive) return "full";
      await client.query(INSERT, shareLinkValues(row));
      return "created";
    });
  }

  async findOwned(account: string, id: string): Promise<ShareLinkRow | undefined> {
    const { rows } = await this.pool.query<ShareLinkColumns & { snapshot: Buffer }>(`SELECT ${SHARE_LINK_COLUMNS} FROM salesdash_share_links WHERE id = $1 AND account = $2`, [id, account]);
    return rows[0] && rowFromColumns(rows[0]);
  }

  async replace(account: string, id: string, replacement: ShareLinkRow, at: number): Promise<boolean> {
    // The UPDATE locks the old row: a second rotation at once waits, then finds it revoked and
    // changes nothing. Rotation leaves the count of active links as it was, so needs no cap lock.
    return inTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query(
        "UPDATE salesdash_share_links SET revoked_at = $1 WHERE id = $2 AND account = $3 AND revoked_at IS NULL AND expires_at > $1",
        [at, id, account],
      );
      if (!rowCount) return false;
      await client.query(INSERT, shareLinkValues(replacement));
      return true;
    });
  }

  async findByTokenHash(tokenHash: string): Promise<ShareLinkRow | undefined> {
    const { rows } = await this.pool.query<ShareLinkColumns & { snapshot: Buffer }>(`SELECT ${SHARE_LINK_COLUMNS} FROM salesdash_share_links WHERE token_hash = $1`, [tokenHash]);
    return rows[0] && rowFromColumns(rows[0]);
  }

  async list(account: string): Promise<ShareLinkRecord[]> {
    const { rows } = await this.pool.query<ShareLinkColumns>(`SELECT ${SHARE_LINK_RECORD_COLUMNS} FROM salesdash_share_links WHERE account = $1 ORDER BY created_at DESC, id`, [account]);
    return rows.map(recordFromColumns);
  }

  async revoke(account: string, id: string, at: number): Promise<boolean> {
    const { rowCount } = await this.pool.query("UPDATE salesdash_share_links SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2 AND account = $3", [at, id, account]);
    return (rowCount ?? 0) > 0;
  }

  async recordView(id: string, at: number): Promise<void> {
    await this.pool.query("UPDATE salesdash_share_links SET views = views + 1, last_opened_at = $2 WHERE id = $1", [id, at]);
  }

  async recordFailedTry(id: string, now: number, policy: ShareLockPolicy): Promise<ShareTries | undefined> {
    // SET reads the row's old values in every expression, and the UPDATE holds the row's lock:
    // concurrent tries queue, each sees the count the one before left.
    const { rows } = await this.pool.query<{ failed_tries: number; locked_until: string | null }>(
      `UPDATE salesdash_share_links SET
         failed_tries = CASE WHEN failed_tries + 1 >= $2 THEN 0 ELSE failed_tries + 1 END,
         locked_until = CASE WHEN failed_tries + 1 >= $2 THEN $3::bigint ELSE locked_until END
       WHERE id = $1 RETURNING failed_tries, locked_until`,
      [id, policy.maxTries, now + policy.lockMs],
    );
    const tries = rows[0];
    return tries && { failedTries: Number(tries.failed_tries), lockedUntil: tries.locked_until === null ? null : Number(tries.locked_until) };
  }

  async clearFailedTries(id: string): Promise<void> {
    await this.pool.query("UPDATE salesdash_share_links SET failed_tries = 0, locked_until = NULL WHERE id = $1", [id]);
  }

  async replaceSnapshot(id: string, snapshot: Buffer, at: number): Promise<boolean> {
    const { rowCount } = await this.pool.query("UPDATE salesdash_share_links SET snapshot = $2, snapshot_at = $3 WHERE id = $1", [id, snapshot, at]);
    return (rowCount ?? 0) > 0;
  }

  async deleteAccount(account: string): Promise<void> {
    await this.pool.query("DELETE FROM salesdash_share_links WHERE account = $1", [account]);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
