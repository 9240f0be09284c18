// A lock on a piece of work that several dashboard instances might each start (an identical
// upstream request, a token exchange), so that one does it and the others wait for its result
// instead of repeating it. Held for a time to live, so that a holder that dies stops holding.
// It guards seconds of work; a sync's pass, which lasts as long as it must, holds the account's
// lock instead (lib/store/locks), which its holder's death lets go.

export interface WaitUntilReleasedOptions {
  /** Gives up after this long, answering false. */
  timeoutMs: number;
  /** Rejects with the signal's reason when it aborts. */
  signal?: AbortSignal;
}

export interface WorkLock {
  /** Takes `key` for `ttlMs` unless someone holds it; answers the token that releases it, or null. */
  tryAcquire(key: string, ttlMs: number): Promise<string | null>;
  /** Frees `key` if `token` still holds it; nothing if it expired and another took it since. */
  release(key: string, token: string): Promise<void>;
  /** Resolves true once `key` is free (released or expired), false if it is still held after `timeoutMs`. */
  waitUntilReleased(key: string, options: WaitUntilReleasedOptions): Promise<boolean>;
}
