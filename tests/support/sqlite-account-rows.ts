import Database from "better-sqlite3";

/** Each table of a SQLite file that keeps rows by account (has an `account` column): how many rows it holds of the account. Read from the file itself, so no table is missed. */
export function rowsByAccountTable(file: string, account: string): Record<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).all(name) as { name: string }[];
      if (!columns.some((column) => column.name === "account")) continue;
      counts[name] = (db.prepare(`SELECT count(*) AS n FROM "${name}" WHERE account = ?`).get(account) as { n: number }).n;
    }
    return counts;
  } finally {
    db.close();
  }
}
