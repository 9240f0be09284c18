// Where sealed credentials live. SQLite is the embedded default; the interface lets a
// Redis back-end come later without touching the vault.
export interface VaultStore {
  put(ref: string, sealed: string, expiresAt: number): Promise<void>;
  /** The sealed value, unless absent or expired. */
  get(ref: string, now: number): Promise<string | undefined>;
  delete(ref: string): Promise<void>;
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

  async delete(ref: string): Promise<void> {
    this.rows.delete(ref);
  }

  size(): number {
    return this.rows.size;
  }
}
