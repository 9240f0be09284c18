// Saved views: a named report query per account, keyed by the account's identity (a keyed
// hash of the credential, never the key). Neither the name nor the query is secret, so they are
// stored as they are; the name is the user's own text, checked before it gets here
// (lib/views/saved-view-query.ts). SQLite is the embedded default, PostgreSQL the shared one.

export interface SavedView {
  id: string;
  account: string;
  name: string;
  /** The report's id (lib/reports/report-definitions.ts); the store keeps it as given. */
  report: string;
  /** The report's query string, already checked and reduced to the keys a view keeps. */
  query: string;
  /** Epoch milliseconds. */
  createdAt: number;
}

/** An account's views are capped: the navigation lists them all. */
export const MAX_SAVED_VIEWS = 50;

/** "created", or why not: another view of the account has that name, or the account has MAX_SAVED_VIEWS. */
export type SavedViewCreation = "created" | "name_taken" | "full";

export interface SavedViewStore {
  /** The account's views, oldest first. */
  list(account: string): Promise<SavedView[]>;
  create(view: SavedView): Promise<SavedViewCreation>;
  /** False when the account has no view of that id (another account's id included). */
  delete(account: string, id: string): Promise<boolean>;
  deleteAccount(account: string): Promise<void>;
}

/**
 * What makes two names "the same" for uniqueness: "Weekly" and "weekly " would be two entries
 * nobody can tell apart in a menu. Computed here so every back-end compares alike.
 */
export function savedViewNameKey(name: string): string {
  return name.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

export class MemorySavedViewStore implements SavedViewStore {
  private readonly rows: SavedView[] = [];

  async list(account: string): Promise<SavedView[]> {
    return this.rows.filter((v) => v.account === account).map((v) => ({ ...v }));
  }

  async create(view: SavedView): Promise<SavedViewCreation> {
    const own = this.rows.filter((v) => v.account === view.account);
    if (own.some((v) => savedViewNameKey(v.name) === savedViewNameKey(view.name))) return "name_taken";
    if (own.length >= MAX_SAVED_VIEWS) return "full";
    this.rows.push({ ...view });
    return "created";
  }

  async delete(account: string, id: string): Promise<boolean> {
    const index = this.rows.findIndex((v) => v.account === account && v.id === id);
    if (index < 0) return false;
    this.rows.splice(index, 1);
    return true;
  }

  async deleteAccount(account: string): Promise<void> {
    for (let i = this.rows.length - 1; i >= 0; i--) if (this.rows[i]!.account === account) this.rows.splice(i, 1);
  }
}
