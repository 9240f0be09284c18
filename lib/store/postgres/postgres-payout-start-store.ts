import "server-only";

// The payout back-test's month starts (payout-start-store.ts) in PostgreSQL, shared by every
// instance: a start one instance made is found by the others and after a restart. A write is one
// transaction: its rows and the trim (two instances writing the same key keep the first).
import type { Pool } from "pg";
import { MAX_PAYOUT_STARTS, type PayoutStartStore } from "../payout-start-store";
import { inTransaction, storePool, type PostgresPoolOptions } from "./pool";

export class PostgresPayoutStartStore implements PayoutStartStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;

  /** On a shared pool, or on a URL (the store then owns its pool and ends it on close). */
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    ({ pool: this.pool, owned: this.ownsPool } = storePool(connection, options));
  }

  async read(account: string, keys: readonly string[]): Promise<Array<Uint8Array | null>> {
    if (keys.length === 0) return [];
    const { rows } = await this.pool.query<{ key: string; bytes: Buffer }>("SELECT key, bytes FROM salesdash_payout_starts WHERE account = $1 AND key = ANY($2::text[])", [account, [...new Set(keys)]]);
    const found = new Map(rows.map((r) => [r.key, new Uint8Array(r.bytes.buffer, r.bytes.byteOffset, r.bytes.byteLength)]));
    return keys.map((key) => found.get(key) ?? null);
  }

  async write(account: string, starts: ReadonlyArray<{ key: string; bytes: Uint8Array }>, at: number): Promise<void> {
    if (starts.length === 0) return;
    await inTransaction(this.pool, async (client) => {
      for (const { key, bytes } of starts) {
        await client.query("INSERT INTO salesdash_payout_starts (account, key, written_at, bytes) VALUES ($1, $2, $3, $4) ON CONFLICT (account, key) DO NOTHING", [account, key, at, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
      }
      await client.query("DELETE FROM salesdash_payout_starts WHERE account = $1 AND key NOT IN (SELECT key FROM salesdash_payout_starts WHERE account = $1 ORDER BY written_at DESC, key LIMIT $2)", [account, MAX_PAYOUT_STARTS]);
    });
  }

  async deleteAccount(account: string): Promise<void> {
    await this.pool.query("DELETE FROM salesdash_payout_starts WHERE account = $1", [account]);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
