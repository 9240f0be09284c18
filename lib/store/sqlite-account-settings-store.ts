import "server-only";

// Account settings in one SQLite file under the data directory, beside the vault.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { DEFAULT_ACCOUNT_SETTINGS, type AccountSettings, type AccountSettingsStore } from "./account-settings-store";

export class SqliteAccountSettingsStore implements AccountSettingsStore {
  private readonly db: Database.Database;

  constructor(file: string) {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
    fs.closeSync(fs.openSync(file, "a", 0o600));
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    this.db.exec("CREATE TABLE IF NOT EXISTS account_settings (account TEXT PRIMARY KEY, assumed_currency TEXT)");
  }

  async get(account: string): Promise<AccountSettings> {
    const row = this.db.prepare("SELECT assumed_currency FROM account_settings WHERE account = ?").get(account) as { assumed_currency: string | null } | undefined;
    return row ? { assumedCurrency: row.assumed_currency } : { ...DEFAULT_ACCOUNT_SETTINGS };
  }

  async set(account: string, settings: AccountSettings): Promise<void> {
    this.db.prepare("INSERT OR REPLACE INTO account_settings (account, assumed_currency) VALUES (?, ?)").run(account, settings.assumedCurrency);
  }

  async delete(account: string): Promise<void> {
    this.db.prepare("DELETE FROM account_settings WHERE account = ?").run(account);
  }
}
