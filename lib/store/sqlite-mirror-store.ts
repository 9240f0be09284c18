import "server-only";

// The mirror's embedded back-end: one SQLite file under the data directory. Payloads arrive
// sealed; secure_delete overwrites what "Forget my data" deletes instead of leaving it in
// free pages.
//
// A day's digest lives in a table of its own (day_digests), not beside the day's records: SQLite
// keeps a row's columns one after the other, and a column after a large one (a purchases day is
// ~80 KB sealed at scale 20, 20 overflow pages) is reached only by walking that one's overflow
// chain. Reading 800 days' summaries took 435-697 ms there, 73-99 ms from a table of their own
// (docs/benchmarks.md), and it is what every report over two years reads first.
import fs from "node:fs";
import type Database from "better-sqlite3";
import { openPrivateSqlite } from "./private-sqlite";
import type { MirrorDay, MirrorDayMarks, MirrorDayMeta, MirrorDigest, MirrorStore, MirrorSyncState } from "./mirror-store";

interface SqliteDayRow { resource: string; day: string; complete: number; fetched_at: number; count: number; sealed?: Buffer; digest_name?: string | null; digest?: Buffer | null; notes?: number | null }

const digestOf = (row: SqliteDayRow): MirrorDigest | null => (row.digest_name && row.digest ? { name: row.digest_name, sealed: row.digest } : null);

const meta = (row: SqliteDayRow): MirrorDayMeta => ({ resource: row.resource, day: row.day, complete: row.complete === 1, fetchedAt: row.fetched_at, count: row.count });

export class SqliteMirrorStore implements MirrorStore {
  private readonly db: Database.Database;
  private readonly statements;

  /**
   * `forgetOtherTables`: forget also deletes the account's rows from the file's other tables kept
   * by account. Set when the fact tables are on DuckDB (the default), so those SQLite left in this
   * file, which no store opens any more, are forgotten too; unset with SQLite's fact tables, whose
   * stores forget them in their own worker threads (a delete of a million rows here would hold the
   * event loop).
   */
  constructor(private readonly file: string, private readonly options: { forgetOtherTables?: boolean } = {}) {
    this.db = openPrivateSqlite(file);
    this.db.pragma("synchronous = NORMAL");
    this.db.pragma("secure_delete = ON");
    // Several processes may share the file (a restart overlapping the old one, tests).
    this.db.pragma("busy_timeout = 5000");
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS days (account TEXT NOT NULL, resource TEXT NOT NULL, day TEXT NOT NULL,
        complete INTEGER NOT NULL, fetched_at INTEGER NOT NULL, count INTEGER NOT NULL, sealed BLOB NOT NULL,
        PRIMARY KEY (account, resource, day));
      CREATE TABLE IF NOT EXISTS sync_state (account TEXT PRIMARY KEY, state TEXT NOT NULL);
      DROP TABLE IF EXISTS leases;
    `);
    // A digest is the day's as fetched at `fetched_at`: read only while the day is that fetch.
    this.db.exec(`CREATE TABLE IF NOT EXISTS day_digests (account TEXT NOT NULL, resource TEXT NOT NULL, day TEXT NOT NULL,
        fetched_at INTEGER NOT NULL, name TEXT NOT NULL, sealed BLOB NOT NULL, PRIMARY KEY (account, resource, day)) WITHOUT ROWID`);
    this.moveDigestsOutOfDays();
    // A day's notes (mirror-store.ts) in a table of their own too, for the same reason: a column
    // added to days would come after its payload. Counted for the fetch `fetched_at`: read only
    // while the day is that fetch (a day written again without notes, by an older server sharing
    // the file, keeps the old row beside a new fetch).
    this.db.exec(`CREATE TABLE IF NOT EXISTS day_notes (account TEXT NOT NULL, resource TEXT NOT NULL, day TEXT NOT NULL,
        fetched_at INTEGER NOT NULL, notes INTEGER NOT NULL, PRIMARY KEY (account, resource, day)) WITHOUT ROWID`);
    const digestOfDay = "LEFT JOIN day_digests g ON g.account = d.account AND g.resource = d.resource AND g.day = d.day AND g.fetched_at = d.fetched_at";
    this.statements = {
      read: this.db.prepare(`SELECT d.resource, d.day, d.complete, d.fetched_at, d.count, d.sealed, g.name AS digest_name, g.sealed AS digest FROM days d ${digestOfDay} WHERE d.account = ? AND d.resource = ? AND d.day = ?`),
      readDigest: this.db.prepare(`SELECT d.resource, d.day, d.complete, d.fetched_at, d.count, g.name AS digest_name, g.sealed AS digest FROM days d ${digestOfDay} WHERE d.account = ? AND d.resource = ? AND d.day = ?`),
      readMeta: this.db.prepare("SELECT resource, day, complete, fetched_at, count FROM days WHERE account = ? AND resource = ? AND day = ?"),
      // Notes written for another fetch than the day's (by a writer that did not give them) are not the day's.
      readMarks: this.db.prepare(`SELECT d.resource, d.day, d.complete, d.fetched_at, d.count, n.notes FROM days d
        LEFT JOIN day_notes n ON n.account = d.account AND n.resource = d.resource AND n.day = d.day AND n.fetched_at = d.fetched_at
        WHERE d.account = ? AND d.resource = ? AND d.day = ?`),
      readMarksRange: this.db.prepare(`SELECT d.resource, d.day, d.complete, d.fetched_at, d.count, n.notes FROM days d
        LEFT JOIN day_notes n ON n.account = d.account AND n.resource = d.resource AND n.day = d.day AND n.fetched_at = d.fetched_at
        WHERE d.account = ? AND d.resource = ? AND d.day >= ? AND d.day <= ?`),
      write: this.db.prepare("INSERT OR REPLACE INTO days (account, resource, day, complete, fetched_at, count, sealed) VALUES (?, ?, ?, ?, ?, ?, ?)"),
      writeNotesRow: this.db.prepare("INSERT OR REPLACE INTO day_notes (account, resource, day, fetched_at, notes) VALUES (?, ?, ?, ?, ?)"),
      dropNotes: this.db.prepare("DELETE FROM day_notes WHERE account = ? AND resource = ? AND day = ?"),
      writeNotes: this.db.prepare(
        "INSERT OR REPLACE INTO day_notes (account, resource, day, fetched_at, notes) SELECT account, resource, day, fetched_at, ? FROM days WHERE account = ? AND resource = ? AND day = ? AND fetched_at = ?",
      ),
      forgetNotes: this.db.prepare("DELETE FROM day_notes WHERE account = ?"),
      writeDigestRow: this.db.prepare("INSERT OR REPLACE INTO day_digests (account, resource, day, fetched_at, name, sealed) VALUES (?, ?, ?, ?, ?, ?)"),
      dropDigest: this.db.prepare("DELETE FROM day_digests WHERE account = ? AND resource = ? AND day = ?"),
      writeDigest: this.db.prepare(
        "INSERT OR REPLACE INTO day_digests (account, resource, day, fetched_at, name, sealed) SELECT account, resource, day, fetched_at, ?, ? FROM days WHERE account = ? AND resource = ? AND day = ? AND fetched_at = ?",
      ),
      forgetDigests: this.db.prepare("DELETE FROM day_digests WHERE account = ?"),
      listAll: this.db.prepare("SELECT resource, day, complete, fetched_at, count FROM days WHERE account = ? ORDER BY resource, day"),
      listOne: this.db.prepare("SELECT resource, day, complete, fetched_at, count FROM days WHERE account = ? AND resource = ? ORDER BY day"),
      expire: this.db.prepare("UPDATE days SET fetched_at = 0 WHERE account = ? AND day >= ? AND day <= ?"),
      expireOne: this.db.prepare("UPDATE days SET fetched_at = 0 WHERE account = ? AND day >= ? AND day <= ? AND resource = ?"),
      forgetDays: this.db.prepare("DELETE FROM days WHERE account = ?"),
      forgetState: this.db.prepare("DELETE FROM sync_state WHERE account = ?"),
      readState: this.db.prepare("SELECT state FROM sync_state WHERE account = ?"),
      writeState: this.db.prepare("INSERT OR REPLACE INTO sync_state (account, state) VALUES (?, ?)"),
    };
  }

  async readDays(account: string, resource: string, days: readonly string[]): Promise<MirrorDay[]> {
    const found: MirrorDay[] = [];
    for (const day of days) {
      const row = this.statements.read.get(account, resource, day) as SqliteDayRow | undefined;
      if (row?.sealed) found.push({ ...meta(row), sealed: row.sealed, digest: digestOf(row) });
    }
    return found;
  }

  async readDigests(account: string, resource: string, days: readonly string[]): Promise<Array<MirrorDayMeta & { digest: MirrorDigest | null }>> {
    return days.flatMap((day) => {
      const row = this.statements.readDigest.get(account, resource, day) as SqliteDayRow | undefined;
      return row ? [{ ...meta(row), digest: digestOf(row) }] : [];
    });
  }

  async readMeta(account: string, resource: string, days: readonly string[]): Promise<MirrorDayMeta[]> {
    return days.flatMap((day) => {
      const row = this.statements.readMeta.get(account, resource, day) as SqliteDayRow | undefined;
      return row ? [meta(row)] : [];
    });
  }

  async writeDay(account: string, day: MirrorDay): Promise<void> {
    // The day and its digest (or none) together: a reader never sees one fetch's day with another's digest.
    this.db.transaction(() => {
      this.statements.write.run(account, day.resource, day.day, day.complete ? 1 : 0, day.fetchedAt, day.count, day.sealed);
      if (day.notes !== undefined) this.statements.writeNotesRow.run(account, day.resource, day.day, day.fetchedAt, day.notes);
      else this.statements.dropNotes.run(account, day.resource, day.day);
      if (day.digest) this.statements.writeDigestRow.run(account, day.resource, day.day, day.fetchedAt, day.digest.name, day.digest.sealed);
      else this.statements.dropDigest.run(account, day.resource, day.day);
    })();
  }

  async readMarks(account: string, resource: string, days: readonly string[]): Promise<MirrorDayMarks[]> {
    const rowOf = this.marksOf(account, resource, days);
    return days.flatMap((day) => {
      const row = rowOf(day);
      return row ? [{ ...meta(row), notes: row.notes ?? null }] : [];
    });
  }

  /**
   * How readMarks finds each day's row. A report's days (two years, and as many before them for
   * its comparison) are most of one range of the key: read by one statement, not one per day
   * (this synchronous read holds the event loop: two years at scale 20, 9-13 ms a resource warm,
   * 4-9 ms so; the first read of a restart is the file's pages either way, ~20-30 ms); a few
   * days, or days far apart, one at a time.
   */
  private marksOf(account: string, resource: string, days: readonly string[]): (day: string) => SqliteDayRow | undefined {
    const one = (day: string) => this.statements.readMarks.get(account, resource, day) as SqliteDayRow | undefined;
    if (days.length < 8) return one;
    let first = days[0]!;
    let last = first;
    for (const day of days) {
      if (day < first) first = day;
      if (day > last) last = day;
    }
    // Not a day's text (NaN): one at a time.
    if (!((Date.parse(last) - Date.parse(first)) / 86_400_000 < 2 * days.length)) return one;
    const byDay = new Map<string, SqliteDayRow>();
    for (const row of this.statements.readMarksRange.all(account, resource, first, last) as SqliteDayRow[]) byDay.set(row.day, row);
    return (day) => byDay.get(day);
  }

  async writeNotes(account: string, resource: string, notes: ReadonlyArray<{ day: string; fetchedAt: number; notes: number }>): Promise<void> {
    if (notes.length === 0) return;
    this.db.transaction(() => {
      for (const n of notes) this.statements.writeNotes.run(n.notes, account, resource, n.day, n.fetchedAt);
    })();
  }

  async writeDigest(account: string, resource: string, day: string, fetchedAt: number, digest: MirrorDigest): Promise<boolean> {
    return this.statements.writeDigest.run(digest.name, digest.sealed, account, resource, day, fetchedAt).changes > 0;
  }

  /**
   * A file whose days carry their digests in columns of their own (before day_digests): the
   * digests move to day_digests once (user_version 1 says it was done, so a restart does not read
   * them again). The old columns are left as they are and no longer read; a day written again
   * clears them. Rewriting every day to empty them would take seconds at the start of a large
   * account, for a few KiB a day.
   */
  private moveDigestsOutOfDays(): void {
    if ((this.db.pragma("user_version", { simple: true }) as number) >= 1) return;
    const columns = new Set((this.db.pragma("table_info(days)") as Array<{ name: string }>).map((c) => c.name));
    this.db.transaction(() => {
      if (columns.has("digest")) {
        this.db.exec(`INSERT OR IGNORE INTO day_digests (account, resource, day, fetched_at, name, sealed)
          SELECT account, resource, day, fetched_at, digest_name, digest FROM days WHERE digest IS NOT NULL AND digest_name IS NOT NULL`);
      }
      this.db.pragma("user_version = 1");
    })();
  }

  async listDays(account: string, resource?: string): Promise<MirrorDayMeta[]> {
    const rows = (resource ? this.statements.listOne.all(account, resource) : this.statements.listAll.all(account)) as SqliteDayRow[];
    return rows.map(meta);
  }

  async expire(account: string, from: string, to: string, resources?: readonly string[]): Promise<number> {
    if (!resources) return this.statements.expire.run(account, from, to).changes;
    return this.db.transaction(() => resources.reduce((sum, resource) => sum + this.statements.expireOne.run(account, from, to, resource).changes, 0))();
  }

  async forget(account: string): Promise<void> {
    this.db.transaction(() => {
      this.statements.forgetDays.run(account);
      this.statements.forgetDigests.run(account);
      this.statements.forgetNotes.run(account);
      this.statements.forgetState.run(account);
      // The fact tables SQLite left here when DuckDB became the default: no store opens them any
      // more, so only this delete reaches them. They exist only in a data directory from before
      // the switch, so this holds the event loop once per account forgotten, for those rows.
      if (this.options.forgetOtherTables) for (const table of this.accountTables()) this.db.prepare(`DELETE FROM "${table.replaceAll('"', '""')}" WHERE account = ?`).run(account);
    })();
    // The WAL still holds the deleted pages until a checkpoint copies the zeroed ones over.
    this.db.pragma("wal_checkpoint(TRUNCATE)");
  }

  /** The file's tables but the mirror's own that have an `account` column. */
  private accountTables(): string[] {
    const own = new Set(["days", "day_digests", "day_notes", "sync_state"]);
    const tables = this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    return tables
      .map(({ name }) => name)
      .filter((name) => !own.has(name) && (this.db.prepare("SELECT name FROM pragma_table_info(?)").all(name) as { name: string }[]).some((column) => column.name === "account"));
  }

  async readSyncState(account: string): Promise<MirrorSyncState | undefined> {
    const row = this.statements.readState.get(account) as { state: string } | undefined;
    return row ? (JSON.parse(row.state) as MirrorSyncState) : undefined;
  }

  async writeSyncState(account: string, state: MirrorSyncState): Promise<void> {
    this.statements.writeState.run(account, JSON.stringify(state));
  }

  async sizeBytes(): Promise<number> {
    this.db.pragma("wal_checkpoint(TRUNCATE)");
    return [this.file, `${this.file}-wal`].reduce((sum, f) => sum + (fs.existsSync(f) ? fs.statSync(f).size : 0), 0);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
