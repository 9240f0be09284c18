import "server-only";

// The mirror in PostgreSQL, shared by every instance: days written through one are read by the
// others. Same contract as
// SqliteMirrorStore, answer for answer: see lib/store/mirror-store.ts.
//
// Unlike SQLite's secure_delete, PostgreSQL keeps deleted rows' bytes in dead tuples (until a
// vacuum reuses the space) and in its write-ahead log: what "Forget my data" deletes stays
// unreadable because the payloads are sealed with a key that only the account's credential
// gives, not because the bytes are gone.
import type { Pool } from "pg";
import type { MirrorDay, MirrorDayMarks, MirrorDayMeta, MirrorDigest, MirrorStore, MirrorSyncState } from "../mirror-store";
import { storePool, type PostgresPoolOptions } from "./pool";

// BIGINT arrives as a string (pg will not round silently); epoch milliseconds fit a number.
interface PgDayRow { resource: string; day: string; complete: boolean; fetched_at: string; count: number; sealed?: Buffer; digest_name?: string | null; digest?: Buffer | null; notes?: number | null }

const META = "resource, day, complete, fetched_at, count";

const digestOf = (row: PgDayRow): MirrorDigest | null => (row.digest_name && row.digest ? { name: row.digest_name, sealed: row.digest } : null);

const meta = (row: PgDayRow): MirrorDayMeta => ({ resource: row.resource, day: row.day, complete: row.complete, fetchedAt: Number(row.fetched_at), count: row.count });

// The rows in the order the days were asked for, a day asked twice answered twice: what
// SQLite's one lookup per day gives, from one query.
function inAskedOrder(rows: PgDayRow[], days: readonly string[]): PgDayRow[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.flatMap((day) => {
    const row = byDay.get(day);
    return row ? [row] : [];
  });
}

export class PostgresMirrorStore implements MirrorStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;

  /** On a shared pool, or on a URL (the store then owns its pool and ends it on close). */
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    ({ pool: this.pool, owned: this.ownsPool } = storePool(connection, options));
  }

  private async readBatch(columns: string, account: string, resource: string, days: readonly string[]): Promise<PgDayRow[]> {
    if (days.length === 0) return [];
    const { rows } = await this.pool.query<PgDayRow>(`SELECT ${columns} FROM salesdash_mirror_days WHERE account = $1 AND resource = $2 AND day = ANY($3::text[])`, [account, resource, days]);
    return inAskedOrder(rows, days);
  }

  async readDays(account: string, resource: string, days: readonly string[]): Promise<MirrorDay[]> {
    const rows = await this.readBatch(`${META}, sealed, digest_name, digest`, account, resource, days);
    return rows.map((row) => ({ ...meta(row), sealed: row.sealed as Buffer, digest: digestOf(row) }));
  }

  async readDigests(account: string, resource: string, days: readonly string[]): Promise<Array<MirrorDayMeta & { digest: MirrorDigest | null }>> {
    const rows = await this.readBatch(`${META}, digest_name, digest`, account, resource, days);
    return rows.map((row) => ({ ...meta(row), digest: digestOf(row) }));
  }

  async readMeta(account: string, resource: string, days: readonly string[]): Promise<MirrorDayMeta[]> {
    return (await this.readBatch(META, account, resource, days)).map(meta);
  }

  async readMarks(account: string, resource: string, days: readonly string[]): Promise<MirrorDayMarks[]> {
    // Notes counted for another fetch than the day's (an older instance wrote the day again) are not the day's.
    const rows = await this.readBatch(`${META}, CASE WHEN notes_at = fetched_at THEN notes END AS notes`, account, resource, days);
    return rows.map((row) => ({ ...meta(row), notes: row.notes ?? null }));
  }

  async writeDay(account: string, day: MirrorDay): Promise<void> {
    await this.pool.query(
      `INSERT INTO salesdash_mirror_days (account, resource, day, complete, fetched_at, count, sealed, digest_name, digest, notes, notes_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (account, resource, day) DO UPDATE SET complete = EXCLUDED.complete, fetched_at = EXCLUDED.fetched_at, count = EXCLUDED.count,
         sealed = EXCLUDED.sealed, digest_name = EXCLUDED.digest_name, digest = EXCLUDED.digest, notes = EXCLUDED.notes, notes_at = EXCLUDED.notes_at`,
      [account, day.resource, day.day, day.complete, day.fetchedAt, day.count, day.sealed, day.digest?.name ?? null, day.digest?.sealed ?? null, day.notes ?? null, day.notes === undefined ? null : day.fetchedAt],
    );
  }

  async writeNotes(account: string, resource: string, notes: ReadonlyArray<{ day: string; fetchedAt: number; notes: number }>): Promise<void> {
    if (notes.length === 0) return;
    await this.pool.query(
      `UPDATE salesdash_mirror_days d SET notes = n.notes, notes_at = d.fetched_at
       FROM unnest($3::text[], $4::bigint[], $5::int[]) AS n(day, fetched_at, notes)
       WHERE d.account = $1 AND d.resource = $2 AND d.day = n.day AND d.fetched_at = n.fetched_at`,
      [account, resource, notes.map((n) => n.day), notes.map((n) => n.fetchedAt), notes.map((n) => n.notes)],
    );
  }

  async writeDigest(account: string, resource: string, day: string, fetchedAt: number, digest: MirrorDigest): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      "UPDATE salesdash_mirror_days SET digest_name = $1, digest = $2 WHERE account = $3 AND resource = $4 AND day = $5 AND fetched_at = $6",
      [digest.name, digest.sealed, account, resource, day, fetchedAt],
    );
    return (rowCount ?? 0) > 0;
  }

  async listDays(account: string, resource?: string): Promise<MirrorDayMeta[]> {
    const { rows } = resource
      ? await this.pool.query<PgDayRow>(`SELECT ${META} FROM salesdash_mirror_days WHERE account = $1 AND resource = $2 ORDER BY day`, [account, resource])
      : await this.pool.query<PgDayRow>(`SELECT ${META} FROM salesdash_mirror_days WHERE account = $1 ORDER BY resource, day`, [account]);
    return rows.map(meta);
  }

  async expire(account: string, from: string, to: string, resources?: readonly string[]): Promise<number> {
    const { rowCount } = resources
      ? await this.pool.query("UPDATE salesdash_mirror_days SET fetched_at = 0 WHERE account = $1 AND day >= $2 AND day <= $3 AND resource = ANY($4)", [account, from, to, resources])
      : await this.pool.query("UPDATE salesdash_mirror_days SET fetched_at = 0 WHERE account = $1 AND day >= $2 AND day <= $3", [account, from, to]);
    return rowCount ?? 0;
  }

  async forget(account: string): Promise<void> {
    // One statement is one transaction: both deletes commit together or not at all, and no
    // pooled connection has to be held across round trips for a BEGIN ... COMMIT.
    await this.pool.query("WITH days AS (DELETE FROM salesdash_mirror_days WHERE account = $1) DELETE FROM salesdash_mirror_sync_state WHERE account = $1", [account]);
  }

  async readSyncState(account: string): Promise<MirrorSyncState | undefined> {
    const { rows } = await this.pool.query<{ state: MirrorSyncState }>("SELECT state FROM salesdash_mirror_sync_state WHERE account = $1", [account]);
    return rows[0]?.state;
  }

  async writeSyncState(account: string, state: MirrorSyncState): Promise<void> {
    await this.pool.query(
      "INSERT INTO salesdash_mirror_sync_state (account, state) VALUES ($1, $2::jsonb) ON CONFLICT (account) DO UPDATE SET state = EXCLUDED.state",
      [account, JSON.stringify(state)],
    );
  }

  async sizeBytes(): Promise<number> {
    // Tables with their indexes and out-of-line (TOAST) payloads, as found on the search_path.
    const { rows } = await this.pool.query<{ bytes: string }>(
      `SELECT COALESCE(SUM(pg_total_relation_size(to_regclass(name))), 0) AS bytes
       FROM unnest(ARRAY['salesdash_mirror_days', 'salesdash_mirror_sync_state']) AS name`,
    );
    return Number(rows[0]?.bytes ?? 0);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
