import "server-only";

// What every fact table of PostgreSQL does the same way (purchases, orders): a day's rows are
// replaced in one transaction with the day's mark (when its records were fetched, how many),
// and the marks are read back in the order asked, as SQLite's lookup per day answers.
import type { Pool, PoolClient } from "pg";
import { sharesFrontCheckout } from "../purchase-fact-sql";
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
  /** The purchases': each day's mark also counts its front purchases whose checkout is another front purchase's (`checkout_repeats`, migration 0020). */
  frontCheckouts?: boolean;
  /** A statement ($1 account, $2 day, $3 fetched_at) that sets the day's mark's kept texts from its rows (the purchases': day-tallies.ts; the orders': order-day-choices.ts), in the write's transaction. */
  dayTallies?: string;
}

// PostgreSQL takes at most 65,535 parameters in one statement.
const PARAMETERS = 60_000;

/** `alongside`: what else the day's replacement writes in its transaction (the purchases' sealed customer cells). */
export async function replaceFactDay(pool: Pool, tables: PostgresFactTables, account: string, day: string, fetchedAt: number, rows: ReadonlyArray<readonly unknown[]>, alongside?: (client: PoolClient) => Promise<unknown>): Promise<void> {
  const batch = Math.floor(PARAMETERS / tables.columns.length);
  await inTransaction(pool, async (client) => {
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
    // A new day's repeats start NULL; a day of another fetch has its old count forgotten by the
    // days table's trigger (migration 0019). Either is counted just after this commits.
    await client.query(
      `INSERT INTO ${tables.days} (account, day, fetched_at, count) VALUES ($1, $2, $3, $4)
       ON CONFLICT (account, day) DO UPDATE SET fetched_at = EXCLUDED.fetched_at, count = EXCLUDED.count`,
      [account, day, fetchedAt, rows.length],
    );
    if (tables.dayTallies) await client.query(tables.dayTallies, [account, day, fetchedAt]);
    await alongside?.(client);
  });
  if (tables.key) {
    // A row's values leave out the account, day and seq the columns begin with.
    const at = tables.columns.indexOf(tables.key) - 3;
    await countRepeats(pool, tables, tables.key, account, day, fetchedAt, rows.map((row) => row[at]));
  }
}

/**
 * Sets a day's repeats (and the purchases' checkout_repeats, by the same argument), once its write
 * has committed: its ids given twice, and its ids also stored on another day of the account (the
 * key's index finds them). Of two writes that store one record on two days, the one that commits
 * second counts after both have committed, so it sees the other's copy: whatever their timing, at
 * least one of the two days counts the record, and no lock holds one writer behind the other. The
 * count is kept only while the day holds the rows of that fetch (a newer fetch's write has it
 * forgotten first). A count that outlives the other copy (that day written again without it) only
 * costs a slower read; one never made leaves NULL, unknown.
 */
async function countRepeats(pool: Pool, tables: PostgresFactTables, key: string, account: string, day: string, fetchedAt: number, ids: readonly unknown[]): Promise<void> {
  const { rows: table, days } = tables;
  const distinct = [...new Set(ids)];
  const checkouts = tables.frontCheckouts ? `, checkout_repeats = (SELECT COUNT(*)::int FROM ${table} f WHERE f.account = $1 AND f.day = $2 AND ${sharesFrontCheckout(table, "f")})` : "";
  await pool.query(
    `UPDATE ${days} SET repeats = $4::int + (SELECT COUNT(*)::int FROM ${table} f WHERE f.account = $1 AND f.day <> $2 AND f.${key} = ANY($5))${checkouts}
     WHERE account = $1 AND day = $2 AND fetched_at = $3`,
    [account, day, fetchedAt, ids.length - distinct.length, distinct],
  );
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
