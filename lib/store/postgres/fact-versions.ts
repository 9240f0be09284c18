import "server-only";

// The account's write mark on PostgreSQL (migration 0015): every write of its fact tables sets it
// to a new value of one sequence in the write's own transaction, so a reader that finds the same
// mark before and after its reads read no write in between, whichever instance wrote.
import type { Pool, PoolClient } from "pg";

const VERSIONS = "salesdash_fact_versions";

/** Moves the account's mark, in the caller's transaction (a day replaced). */
export async function moveFactVersion(client: PoolClient, account: string): Promise<void> {
  await client.query(
    `INSERT INTO ${VERSIONS} (account, version) VALUES ($1, nextval('salesdash_fact_version_seq'))
     ON CONFLICT (account) DO UPDATE SET version = EXCLUDED.version`,
    [account],
  );
}

/** The account's mark gone with its rows ("Forget my data"): a later write takes a value never given before. */
export async function dropFactVersion(client: PoolClient, account: string): Promise<void> {
  await client.query(`DELETE FROM ${VERSIONS} WHERE account = $1`, [account]);
}

/** The account's mark now ("0" before its first write). */
export async function readFactVersion(pool: Pool, account: string): Promise<string> {
  const { rows } = await pool.query<{ version: string }>(`SELECT version FROM ${VERSIONS} WHERE account = $1`, [account]);
  return rows[0]?.version ?? "0";
}
