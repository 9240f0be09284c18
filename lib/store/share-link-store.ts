// Share links (lib/sharing), keyed by a random id and found by the SHA-256 of their token (the
// token itself is never stored). SQLite is the embedded default, PostgreSQL the shared one; the
// memory store serves tests. Times are epoch milliseconds; the snapshot arrives sealed.

export type ShareLinkMode = "fixed" | "live";

/** A link as stored, without its snapshot (what lists need). */
export interface ShareLinkRecord {
  id: string;
  tokenHash: string;
  /** The owner's account identity (a keyed hash of the credential). */
  account: string;
  /** The report's id (lib/reports/report-definitions.ts); the store keeps it as given. */
  report: string;
  /** The report's query string when it was shared, without "?". */
  query: string;
  mode: ShareLinkMode;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  passwordHash: string | null;
  views: number;
  lastOpenedAt: number | null;
  /** Wrong passwords since the last right one or the last lock. */
  failedTries: number;
  lockedUntil: number | null;
  /** When the snapshot was built. */
  snapshotAt: number;
}

export interface ShareLinkRow extends ShareLinkRecord {
  /** The snapshot, sealed (lib/sharing/snapshot-cipher.ts). */
  snapshot: Buffer;
}

/** After a wrong password: how many tries make a lock, and how long it lasts. */
export interface ShareLockPolicy {
  maxTries: number;
  lockMs: number;
}

export interface ShareTries {
  failedTries: number;
  lockedUntil: number | null;
}

/**
 * The most links an account may hold active (neither revoked nor expired) at once. A cap, because
 * each link is a stored snapshot and an open door: the owner's list must stay one a person can
 * review, and a script cannot fill the store. Revoked and expired links do not count.
 */
export const MAX_ACTIVE_SHARE_LINKS = 100;

/** "created", or "full": the account already holds the most active links it may. */
export type ShareLinkInsert = "created" | "full";

/** Active at `at`: what the cap counts and what rotation replaces (share-link-summary's "active"). */
export const isActiveShareLink = (link: Pick<ShareLinkRecord, "revokedAt" | "expiresAt">, at: number) => link.revokedAt === null && at < link.expiresAt;

export interface ShareLinkStore {
  /**
   * Stores the link. With `maxActive`, only while its account holds fewer active links at the
   * row's createdAt, counted and inserted in one atomic step (instances may create at once).
   */
  insert(row: ShareLinkRow, maxActive?: number): Promise<ShareLinkInsert>;
  findByTokenHash(tokenHash: string): Promise<ShareLinkRow | undefined>;
  /** The account's link with its snapshot; undefined for an unknown id and for another account's link. */
  findOwned(account: string, id: string): Promise<ShareLinkRow | undefined>;
  /**
   * Rotation, in one atomic step: revokes the account's link `id` at `at` and stores
   * `replacement`. False, changing nothing, when the link is not the account's or is no longer
   * active at `at` (two rotations at once: one wins).
   */
  replace(account: string, id: string, replacement: ShareLinkRow, at: number): Promise<boolean>;
  /** The account's links, newest first. */
  list(account: string): Promise<ShareLinkRecord[]>;
  /** Revokes the account's link (keeping the first revocation's time); false when the account has no such link. */
  revoke(account: string, id: string, at: number): Promise<boolean>;
  recordView(id: string, at: number): Promise<void>;
  /**
   * Counts a wrong password in one atomic step (instances may count at once): the try that
   * reaches `maxTries` sets lockedUntil = now + lockMs and starts the count again. Undefined when
   * the link is gone.
   */
  recordFailedTry(id: string, now: number, policy: ShareLockPolicy): Promise<ShareTries | undefined>;
  clearFailedTries(id: string): Promise<void>;
  /** False when the link is gone. */
  replaceSnapshot(id: string, snapshot: Buffer, at: number): Promise<boolean>;
  deleteAccount(account: string): Promise<void>;
}

const copyRow = (row: ShareLinkRow): ShareLinkRow => ({ ...row, snapshot: Buffer.from(row.snapshot) });

export function withoutSnapshot(row: ShareLinkRow): ShareLinkRecord {
  const record: Partial<ShareLinkRow> = { ...row };
  delete record.snapshot;
  return record as ShareLinkRecord;
}

export const newestFirst = (a: ShareLinkRecord, b: ShareLinkRecord) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export class MemoryShareLinkStore implements ShareLinkStore {
  private readonly rows = new Map<string, ShareLinkRow>();

  // Every change below is synchronous from its check to its write: calls at once cannot interleave.
  private put(row: ShareLinkRow): void {
    if (this.rows.has(row.id) || [...this.rows.values()].some((r) => r.tokenHash === row.tokenHash)) throw new Error("share link: duplicate id or token");
    this.rows.set(row.id, copyRow(row));
  }

  async insert(row: ShareLinkRow, maxActive?: number): Promise<ShareLinkInsert> {
    const active = [...this.rows.values()].filter((r) => r.account === row.account && isActiveShareLink(r, row.createdAt)).length;
    if (maxActive !== undefined && active >= maxActive) return "full";
    this.put(row);
    return "created";
  }

  async findOwned(account: string, id: string): Promise<ShareLinkRow | undefined> {
    const row = this.rows.get(id);
    return row && row.account === account ? copyRow(row) : undefined;
  }

  async replace(account: string, id: string, replacement: ShareLinkRow, at: number): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.account !== account || !isActiveShareLink(row, at)) return false;
    this.put(replacement);
    row.revokedAt = at;
    return true;
  }

  async findByTokenHash(tokenHash: string): Promise<ShareLinkRow | undefined> {
    const row = [...this.rows.values()].find((r) => r.tokenHash === tokenHash);
    return row && copyRow(row);
  }

  async list(account: string): Promise<ShareLinkRecord[]> {
    return [...this.rows.values()].filter((r) => r.account === account).map(withoutSnapshot).sort(newestFirst);
  }

  async revoke(account: string, id: string, at: number): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.account !== account) return false;
    row.revokedAt ??= at;
    return true;
  }

  async recordView(id: string, at: number): Promise<void> {
    const row = this.rows.get(id);
    if (!row) return;
    row.views += 1;
    row.lastOpenedAt = at;
  }

  async recordFailedTry(id: string, now: number, policy: ShareLockPolicy): Promise<ShareTries | undefined> {
    const row = this.rows.get(id);
    if (!row) return undefined;
    const tries = row.failedTries + 1;
    if (tries >= policy.maxTries) [row.failedTries, row.lockedUntil] = [0, now + policy.lockMs];
    else row.failedTries = tries;
    return { failedTries: row.failedTries, lockedUntil: row.lockedUntil };
  }

  async clearFailedTries(id: string): Promise<void> {
    const row = this.rows.get(id);
    if (row) [row.failedTries, row.lockedUntil] = [0, null];
  }

  async replaceSnapshot(id: string, snapshot: Buffer, at: number): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row) return false;
    [row.snapshot, row.snapshotAt] = [Buffer.from(snapshot), at];
    return true;
  }

  async deleteAccount(account: string): Promise<void> {
    for (const [id, row] of this.rows) if (row.account === account) this.rows.delete(id);
  }
}

/** The columns of the SQL tables (PostgreSQL answers BIGINT as text, SQLite as a number). */
export interface ShareLinkColumns {
  id: string;
  token_hash: string;
  account: string;
  report: string;
  query: string;
  mode: string;
  created_at: number | string;
  expires_at: number | string;
  revoked_at: number | string | null;
  password_hash: string | null;
  views: number | string;
  last_opened_at: number | string | null;
  failed_tries: number | string;
  locked_until: number | string | null;
  snapshot_at: number | string;
  snapshot?: Buffer;
}

/** Every column but the snapshot, for lists. */
export const SHARE_LINK_RECORD_COLUMNS =
  "id, token_hash, account, report, query, mode, created_at, expires_at, revoked_at, password_hash, views, last_opened_at, failed_tries, locked_until, snapshot_at";

/** The columns in the order of `shareLinkValues`, for INSERT. */
export const SHARE_LINK_COLUMNS = `${SHARE_LINK_RECORD_COLUMNS}, snapshot`;

export function shareLinkValues(row: ShareLinkRow): unknown[] {
  return [row.id, row.tokenHash, row.account, row.report, row.query, row.mode, row.createdAt, row.expiresAt, row.revokedAt, row.passwordHash, row.views, row.lastOpenedAt, row.failedTries, row.lockedUntil, row.snapshotAt, row.snapshot];
}

const orNull = (value: number | string | null) => (value === null ? null : Number(value));

export function recordFromColumns(c: ShareLinkColumns): ShareLinkRecord {
  return {
    id: c.id,
    tokenHash: c.token_hash,
    account: c.account,
    report: c.report,
    query: c.query,
    mode: c.mode as ShareLinkMode,
    createdAt: Number(c.created_at),
    expiresAt: Number(c.expires_at),
    revokedAt: orNull(c.revoked_at),
    passwordHash: c.password_hash,
    views: Number(c.views),
    lastOpenedAt: orNull(c.last_opened_at),
    failedTries: Number(c.failed_tries),
    lockedUntil: orNull(c.locked_until),
    snapshotAt: Number(c.snapshot_at),
  };
}

export function rowFromColumns(c: ShareLinkColumns & { snapshot: Buffer }): ShareLinkRow {
  return { ...recordFromColumns(c), snapshot: Buffer.from(c.snapshot) };
}
