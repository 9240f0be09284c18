// Where sealed credentials live. SQLite is the embedded default; the interface lets a
// Redis back-end come later without touching the vault.
export interface VaultStore {
  put(ref: string, sealed: string, expiresAt: number): Promise<void>;
  /** The sealed value, unless absent or expired. */
  get(ref: string, now: number): Promise<string | undefined>;
  /** Answers whether there was an entry (expired or not): the caller that took it away, of several racing. */
  delete(ref: string): Promise<boolean>;
  /** Every entry not expired at `now`: the sessions whose accounts the server keeps syncing. */
  entries(now: number): Promise<Array<{ ref: string; sealed: string }>>;
}

export class MemoryVaultStore implements VaultStore {
  private readonly rows = new Map<string, { sealed: string; expiresAt: number }>();

  async put(ref: string, sealed: string, expiresAt: number): Promise<void> {
    this.rows.set(ref, { sealed, expiresAt });
  }

  async get(ref: string, now: number): Promise<string | undefined> {
    const row = this.rows.get(ref);
    if (!row || row.expiresAt <= now) {
      this.rows.delete(ref);
      return undefined;
    }
    return row.sealed;
  }

  async delete(ref: string): Promise<boolean> {
    return this.rows.delete(ref);
  }

  async entries(now: number): Promise<Array<{ ref: string; sealed: string }>> {
    return [...this.rows].filter(([, row]) => row.expiresAt > now).map(([ref, { sealed }]) => ({ ref, sealed }));
  }

  size(): number {
    return this.rows.size;
  }
}
