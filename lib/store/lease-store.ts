// A lease: one holder at a time for a named piece of work (the background sync of an account)
// across processes, with an expiry instead of a lock held by a process, so that a holder that
// dies without releasing stops holding once its lease runs out. Times come from the caller.

export interface LeaseStore {
  /** Takes or renews lease `name` for `holder` until now + ttlMs; false while another holder has it. */
  lease(name: string, holder: string, ttlMs: number, now: number): Promise<boolean>;
  /** Ends `holder`'s lease at once; does nothing if another holder has it (or nobody does). */
  releaseLease(name: string, holder: string): Promise<void>;
}
