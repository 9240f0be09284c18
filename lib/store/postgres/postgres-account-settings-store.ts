import "server-only";

// Account settings in PostgreSQL, shared by every instance; same contract as the SQLite store.
import type { Pool } from "pg";
import { DEFAULT_ACCOUNT_SETTINGS, type AccountSettings, type AccountSettingsStore } from "../account-settings-store";
import { storePool, type PostgresPoolOptions } from "./pool";

export class PostgresAccountSettingsStore implements AccountSettingsStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;

  /** On a shared pool, or on a URL (the store then owns its pool and ends it on close). */
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    ({ pool: this.pool, owned: this.ownsPool } = storePool(connection, options));
  }

  async get(account: string): Promise<AccountSettings> {
    const { rows } = await this.pool.query<{ assumed_currency: string | null }>("SELECT assumed_currency FROM salesdash_account_settings WHERE account = $1", [account]);
    const row = rows[0];
    return row ? { assumedCurrency: row.assumed_currency } : { ...DEFAULT_ACCOUNT_SETTINGS };
  }

  async set(account: string, settings: AccountSettings): Promise<void> {
    await this.pool.query(
      "INSERT INTO salesdash_account_settings (account, assumed_currency) VALUES ($1, $2) ON CONFLICT (account) DO UPDATE SET assumed_currency = EXCLUDED.assumed_currency",
      [account, settings.assumedCurrency],
    );
  }

  async delete(account: string): Promise<void> {
    await this.pool.query("DELETE FROM salesdash_account_settings WHERE account = $1", [account]);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
