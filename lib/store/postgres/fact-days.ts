import "server-only";

// What every fact table of PostgreSQL does the same way (purchases, orders): a day's rows are
// replaced in one transaction with the day's mark (when its records were fetched, how many),
// and the marks are read back in the order asked, as SQLite's lookup per day answers.
import type { Pool, PoolClient } from "pg";
import type { FactDayMeta } from "../purchase-fact-store";
import { inTransaction } from "./pool";

export interface PostgresFactTables {
  /** The rows' table and its columns: account, day, seq, then the row's own. */
  rows: string;
  columns: readonly string[];
  /** The days' marks: account, day, fetched_at, count (and repeats, with `key`). */
  days: string;
  /** The column naming a record: each day's mark then counts its records also stored on another day (`repeats`). */
  key?: string;
}

// PostgreSQL takes at most 65,535 parameters in one statement.
const PARAMETERS = 60_000;

/** `alongside`: what else the day's replacement writes in its transaction (the purchases' sealed customer cells). */
export async function replaceFactDay(pool: Pool, tables: PostgresFactTables, account: string, day: string, fetchedAt: number, rows: ReadonlyArray<readonly unknown[]>, alongside?: (client: PoolClient) => Promise<unknown>): Promise<void> {
  const batch = Math.floor(PARAMETERS / tables.columns.length);
  await inTransaction(pool, async (client) => {
    // One writer of the account's days at a time: a record written to two days at once is then
    // seen by the later of the two, whose mark counts it (repeatsOf).
    if (tables.key) await client.query("SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))", [tables.rows, account]);
    await client.query(`DELETE FROM ${tables.rows} WHERE account = $1 AND day = $2`, [account, day]);
    for (let start = 0; start < rows.length; start += batch) {
      const values: unknown[] = [];
      const tuples = rows.slice(start, start + batch).map((row, i) => {
        const at = values.length;
        values.push(account, day, start + i, ...row);
        return `(${tables.columns.map((_, c) => `$${at + c + 1}`).join(", ")})`;
      });
      await client.query(`INSERT INTO ${tables.rows} (${tables.columns.join(", ")}) VALUES ${tuples.join(", ")}`, values);
    }
    if (tables.key) {
      const repeats = await repeatsOf(client, tables.rows, tables.key, account, day, rows.map((row) => row[tables.columns.indexOf(tables.key!) - 3]));
      await client.query(
        `INSERT INTO ${tables.days} (account, day, fetched_at, count, repeats) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (account, day) DO UPDATE SET fetched_at = EXCLUDED.fetched_at, count = EXCLUDED.count, repeats = EXCLUDED.repeats`,
        [account, day, fetchedAt, rows.length, repeats],
      );
    } else {
      await client.query(
        `INSERT INTO ${tables.days} (account, day, fetched_at, count) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account, day) DO UPDATE SET fetched_at = EXCLUDED.fetched_at, count = EXCLUDED.count`,
        [account, day, fetchedAt, rows.length],
      );
    }
    await alongside?.(client);
  });
}

/**
 * How many of a day's records repeat: ids given twice in the day, and ids also stored on another
 * day of the account (the key's index finds them). When a record is on two days, the later write
 * counts it; the earlier day's 0 stays true of it alone (a range holding both holds the later).
 * A count that outlives the other copy (that day rewritten without it) only costs a slower read.
 */
async function repeatsOf(client: PoolClient, table: string, key: string, account: string, day: string, ids: readonly unknown[]): Promise<number> {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return 0;
  const { rows } = await client.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ${table} WHERE account = $1 AND day <> $2 AND ${key} = ANY($3)`, [account, day, distinct]);
  return ids.length - distinct.length + rows[0]!.n;
}

export async function readFactDayMeta(pool: Pool, daysTable: string, account: string, days: readonly string[]): Promise<FactDayMeta[]> {
  if (days.length === 0) return [];
  const { rows } = await pool.query<{ day: string; fetched_at: string; count: number }>(`SELECT day, fetched_at, count FROM ${daysTable} WHERE account = $1 AND day = ANY($2::text[])`, [account, days]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return days.flatMap((day) => {
    const row = byDay.get(day);
    return row ? [{ day, fetchedAt: Number(row.fetched_at), count: row.count }] : [];
  });
}
