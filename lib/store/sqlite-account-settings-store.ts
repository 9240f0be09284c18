import "server-only";

// Account settings in one SQLite file under the data directory, beside the vault.
import type Database from "better-sqlite3";
import { openPrivateSqlite } from "./private-sqlite";
import { DEFAULT_ACCOUNT_SETTINGS, type AccountSettings, type AccountSettingsStore } from "./account-settings-store";

export class SqliteAccountSettingsStore implements AccountSettingsStore {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = openPrivateSqlite(file);
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
