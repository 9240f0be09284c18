// A lock held by this process for as long as it lives or until released: one holder at a time
// for a named piece of work (the background sync of an account) across the instances. Unlike
// a lease it needs no renewal: an instance that dies stops holding it at once, for the lock is
// its database connection's (PostgreSQL's advisory locks); without PostgreSQL there is one
// process (the in-process job queue's rule), and the lock is this process's.

export interface HeldLock {
  /** Aborted when the lock is lost without being released (its connection dropped): stop the work. */
  readonly lost: AbortSignal;
  /**
   * Asks whether it still holds, between steps of the work: a connection gone without a word
   * (a network cut) is found here, and the lock said lost.
   */
  confirm(): Promise<void>;
  release(): Promise<void>;
}

export interface LockSource {
  /** The lock, or null while another holder (here or in another instance) has it. */
  tryHold(name: string): Promise<HeldLock | null>;
  close(): Promise<void>;
}
