import "server-only";

// How every fact table's embedded back-end opens the mirror's SQLite file (purchases, orders,
// carts, refunds, chargebacks): the private file, the same pragmas, and a table made before a
// column its queries need is dropped with its days' marks (the rows are derived, never the only
// copy): the mirror writes a day's rows again the next time it opens that day, and until then a
// report reads the records, as for any day the table lacks.
import type Database from "better-sqlite3";
import { openPrivateSqlite } from "./private-sqlite";

export interface FactTableShape {
  /** The rows' table and its days' marks. */
  rows: string;
  days: string;
  /** A column the current shape has and an older one lacked; absent: nothing to drop. */
  requiredColumn?: string;
}

export function openFactSqlite(file: string, shape: FactTableShape): Database.Database {
  const db = openPrivateSqlite(file);
  db.pragma("synchronous = NORMAL");
  db.pragma("secure_delete = ON");
  db.pragma("busy_timeout = 5000");
  // A query's selection lives in memory, never in a temporary file.
  db.pragma("temp_store = MEMORY");
  if (shape.requiredColumn) dropOlderShape(db, shape as Required<FactTableShape>);
  return db;
}

export function dropOlderShape(db: Database.Database, shape: Required<FactTableShape>): void {
  const columns = db.prepare(`PRAGMA table_info(${shape.rows})`).all() as Array<{ name: string }>;
  if (columns.length === 0 || columns.some((c) => c.name === shape.requiredColumn)) return;
  db.transaction(() => {
    db.exec(`DROP TABLE ${shape.rows}`);
    db.exec(`DELETE FROM ${shape.days}`);
  })();
}
