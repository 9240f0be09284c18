import "server-only";

// The credential vault in PostgreSQL, shared by every instance: a session signed in through
// one is resolved by the others. Same contract as SqliteVaultStore: an entry is gone at its
// expiry instant, and reading deletes every expired entry rather than only hiding it.
import type { Pool } from "pg";
import type { VaultStore } from "../vault-store";
import { storePool, type PostgresPoolOptions } from "./pool";

// One statement: the data-modifying CTE runs even though the SELECT does not read it, and the
// SELECT sees the table as it was before the delete, hence its own expiry test. SKIP LOCKED
// leaves rows that another instance is deleting (or renewing) at this moment to it, so two
// reads never wait on, or deadlock over, the same expired rows.
const GET = `
  WITH expired AS (
    DELETE FROM salesdash_vault WHERE ref IN (SELECT ref FROM salesdash_vault WHERE expires_at <= $2 FOR UPDATE SKIP LOCKED)
  )
  SELECT sealed FROM salesdash_vault WHERE ref = $1 AND expires_at > $2`;

export class PostgresVaultStore implements VaultStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;

  /** On a shared pool, or on a URL (the store then owns its pool and ends it on close). */
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    ({ pool: this.pool, owned: this.ownsPool } = storePool(connection, options));
  }

  async put(ref: string, sealed: string, expiresAt: number): Promise<void> {
    await this.pool.query(
      "INSERT INTO salesdash_vault (ref, sealed, expires_at) VALUES ($1, $2, $3) ON CONFLICT (ref) DO UPDATE SET sealed = EXCLUDED.sealed, expires_at = EXCLUDED.expires_at",
      [ref, sealed, expiresAt],
    );
  }

  async get(ref: string, now: number): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ sealed: string }>(GET, [ref, now]);
    return rows[0]?.sealed;
  }

  async delete(ref: string): Promise<boolean> {
    return ((await this.pool.query("DELETE FROM salesdash_vault WHERE ref = $1", [ref])).rowCount ?? 0) > 0;
  }

  async entries(now: number): Promise<Array<{ ref: string; sealed: string }>> {
    return (await this.pool.query<{ ref: string; sealed: string }>("SELECT ref, sealed FROM salesdash_vault WHERE expires_at > $1 ORDER BY ref", [now])).rows;
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
