import "server-only";

// What every fact table of SQLite does the same way (purchases, orders): a day's rows are
// replaced in one transaction with the day's mark (when its records were fetched, how many),
// the marks are read per day, and an account's rows and marks are forgotten together.
import type Database from "better-sqlite3";
import type { FactDayMeta } from "./purchase-fact-store";

export interface SqliteFactTables {
  /** The rows' table and its own columns (after account, day, seq). */
  rows: string;
  columns: readonly string[];
  /** The days' marks: account, day, fetched_at, count. */
  days: string;
}

export function sqliteFactDays<Row>(db: Database.Database, tables: SqliteFactTables, valuesOf: (row: Row) => unknown[]) {
  const columns = ["account", "day", "seq", ...tables.columns];
  const insert = db.prepare(`INSERT INTO ${tables.rows} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`);
  const deleteDay = db.prepare(`DELETE FROM ${tables.rows} WHERE account = ? AND day = ?`);
  const writeMark = db.prepare(`INSERT OR REPLACE INTO ${tables.days} (account, day, fetched_at, count) VALUES (?, ?, ?, ?)`);
  const readMark = db.prepare(`SELECT day, fetched_at, count FROM ${tables.days} WHERE account = ? AND day = ?`);
  return {
    replace: db.transaction((account: string, day: string, fetchedAt: number, rows: readonly Row[]) => {
      deleteDay.run(account, day);
      rows.forEach((row, seq) => insert.run(account, day, seq, ...valuesOf(row)));
      writeMark.run(account, day, fetchedAt, rows.length);
    }),
    readMeta(account: string, days: readonly string[]): FactDayMeta[] {
      return days.flatMap((day) => {
        const row = readMark.get(account, day) as { day: string; fetched_at: number; count: number } | undefined;
        return row ? [{ day: row.day, fetchedAt: row.fetched_at, count: row.count }] : [];
      });
    },
    forget: db.transaction((account: string) => {
      db.prepare(`DELETE FROM ${tables.rows} WHERE account = ?`).run(account);
      db.prepare(`DELETE FROM ${tables.days} WHERE account = ?`).run(account);
    }),
  };
}
