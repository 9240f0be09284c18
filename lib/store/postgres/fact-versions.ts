import "server-only";

// The account's write mark on PostgreSQL (migration 0015): the database moves it to a new value of
// one sequence whenever a row of a days table of the account is written or deleted (every day
// replaced, the account forgotten), in that write's transaction, whichever instance or version
// wrote. A reader that finds the same mark before and after its reads read no write in between.
import type { Pool } from "pg";

/** The account's mark now; null when it has none (forgotten, or not written since the migration): nothing is kept then. */
export async function readFactVersion(pool: Pool, account: string): Promise<string | null> {
  const { rows } = await pool.query<{ version: string }>("SELECT version FROM salesdash_fact_versions WHERE account = $1", [account]);
  return rows[0]?.version ?? null;
}
