// The payout back-test's month starts kept across restarts (#25 point 8: a model fitted on closed
// days is kept, not recomputed): each is named by a key that says everything it was made from
// (lib/reports/server/payouts-kept.ts's monthStartKeys: the account, key type, history, month and
// the fetch time of every day it read), so a key found is a start still true, and a day fetched
// again makes new keys, never a changed value. The process keeps them in memory first; this
// store is what a restarted server (or another instance) finds. A start holds sale ids and cents
// (business figures, no personal data), as the fact tables beside it do.

/** Month starts kept per account at most: two key types' two years, and the starts a few days fetched again made since. */
export const MAX_PAYOUT_STARTS = 64;

export interface PayoutStartStore {
  /** The starts kept under `keys` (null where none is), in their order. */
  read(account: string, keys: readonly string[]): Promise<Array<Uint8Array | null>>;
  /** Keeps the starts (a key kept already is kept as it is); the account's oldest beyond MAX_PAYOUT_STARTS are dropped. */
  write(account: string, starts: ReadonlyArray<{ key: string; bytes: Uint8Array }>, at: number): Promise<void>;
  deleteAccount(account: string): Promise<void>;
  close(): Promise<void>;
}
