// What GET /api/mirror/status tells the browser about the signed-in account's background
// sync: counts and a sentence, picked field by field so that nothing else (the account's
// identity, another account, a key) can slip into the answer. No "server-only": the shell's
// hook reads the type. Pure.

export interface SyncStatusAnswer {
  /** False when this server runs without a background sync (SALESDASH_SYNC_DAYS=0): the shell says nothing. */
  enabled: boolean;
  /** Days of the last `total` (UTC, up to today) that every synced resource holds. */
  synced: number;
  total: number;
  /** True once every day is held. */
  complete: boolean;
  /** Whether a sync of the account runs in this process now. */
  running: boolean;
  /** The last pass's failure, a sentence for a person (never a credential); null when none. */
  lastError: string | null;
}

export interface SyncStatusInput { synced: number; total: number; running: boolean; lastError: string | null }

export function syncStatusAnswer(status: SyncStatusInput | null, enabled: boolean): SyncStatusAnswer {
  if (!enabled || !status) return { enabled: false, synced: 0, total: 0, complete: false, running: false, lastError: null };
  const total = Math.max(0, status.total);
  const synced = Math.min(Math.max(0, status.synced), total);
  return { enabled: true, synced, total, complete: synced >= total, running: status.running, lastError: status.lastError };
}
