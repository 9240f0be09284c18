import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";

interface DayStore<R> {
  readDayMeta(account: string, days: string[]): Promise<Array<{ day: string; fetchedAt: number; count: number }>>;
  replaceDay(account: string, day: string, fetchedAt: number, rows: R[]): Promise<void>;
  close(): Promise<void>;
}

/** A new SQLite file in a directory of its own for each call, all removed after the file's tests. */
export function newSqliteFiles(prefix: string): () => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `salesdash-${prefix}-`));
    dirs.push(dir);
    return path.join(dir, "mirror.sqlite");
  };
}

/**
 * A SQLite fact table made before the table's sort values were columns (`table` with only its
 * `idColumn`, and its `table`-less days table) is dropped with its days when the store opens,
 * so the mirror writes each day's rows again; a store opened again on the new table keeps them.
 */
export function oldFactTableIsDropped<R>(title: string, spec: { table: string; idColumn: string; newFile: () => string; open: (file: string) => DayStore<R>; rows: () => R[]; now: number }) {
  const { table, idColumn, now } = spec;
  describe(title, () => {
    it("is dropped with its days when the store opens, so the mirror writes each day's rows again", async () => {
      const file = spec.newFile();
      const old = new Database(file);
      old.exec(`CREATE TABLE ${table}_facts (account TEXT NOT NULL, day TEXT NOT NULL, seq INTEGER NOT NULL, ${idColumn} INTEGER NOT NULL, PRIMARY KEY (account, day, seq)) WITHOUT ROWID;
      INSERT INTO ${table}_facts VALUES ('acct', '2026-03-10', 0, 1);
      CREATE TABLE ${table}_fact_days (account TEXT NOT NULL, day TEXT NOT NULL, fetched_at INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (account, day));
      INSERT INTO ${table}_fact_days VALUES ('acct', '2026-03-10', ${now}, 1);`);
      old.close();
      const store = spec.open(file);
      try {
        expect(await store.readDayMeta("acct", ["2026-03-10"])).toEqual([]);
        const rows = spec.rows();
        await store.replaceDay("acct", "2026-03-10", now, rows);
        expect(await store.readDayMeta("acct", ["2026-03-10"])).toEqual([{ day: "2026-03-10", fetchedAt: now, count: rows.length }]);
      } finally {
        await store.close();
      }
      // A store opened again on the new table keeps what it holds.
      const again = spec.open(file);
      try {
        expect((await again.readDayMeta("acct", ["2026-03-10"])).length).toBe(1);
      } finally {
        await again.close();
      }
    });
  });
}
