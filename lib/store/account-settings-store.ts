// Per-account preferences, keyed by the account's identity (a keyed hash of credential and
// upstream, never the key itself). SQLite is the embedded default; the interface is what a
// PostgreSQL or Redis back-end implements.
export interface AccountSettings {
  /** The currency of records that come without one; null means "the most common one". */
  assumedCurrency: string | null;
}

export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = { assumedCurrency: null };

export interface AccountSettingsStore {
  get(account: string): Promise<AccountSettings>;
  set(account: string, settings: AccountSettings): Promise<void>;
  delete(account: string): Promise<void>;
}

export class MemoryAccountSettingsStore implements AccountSettingsStore {
  private readonly rows = new Map<string, AccountSettings>();

  async get(account: string): Promise<AccountSettings> {
    return { ...DEFAULT_ACCOUNT_SETTINGS, ...this.rows.get(account) };
  }

  async set(account: string, settings: AccountSettings): Promise<void> {
    this.rows.set(account, { ...settings });
  }

  async delete(account: string): Promise<void> {
    this.rows.delete(account);
  }
}
