import "server-only";

// One SQLite file of the data directory, readable by this server's user only: the directory
// is created 0700 and the file 0600 before SQLite opens it, so its -wal and -shm files take
// the same mode. Write-ahead logging lets readers go on while a writer commits.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

export function openPrivateSqlite(file: string): Database.Database {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, "a", 0o600));
  fs.chmodSync(file, 0o600);
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  return db;
}
