import "server-only";

// Flow B tokens, one per credential identity, reused by every request until shortly
// before they expire; concurrent callers share one exchange. The tokens live in a TokenStore:
// this process's memory by default, or one shared by several dashboard instances, which then
// also share an exchange lock so that one instance exchanges and the others wait for its token.
import { decodeJwt } from "jose";
import type { WorkLock } from "@/lib/store/work-lock";
import { MemoryTokenStore, type TokenStore } from "@/lib/store/token-store";

const RENEW_BEFORE_MS = 30_000;
const UNKNOWN_LIFETIME_MS = 5 * 60_000;

// An exchange normally takes a second; it can wait longer for the credential's rate budget. An
// instance waits this long for another's exchange, a few times, before it exchanges itself: a
// second exchange costs one request, a wait that never ends costs the report.
const DEFAULT_EXCHANGE_LOCK_TTL_MS = 15_000;
const LOCK_ROUNDS = 3;

export interface AccessTokenCacheOptions {
  clock?: () => number;
  /** Where tokens are kept; this process's memory unless given. */
  store?: TokenStore;
  /**
   * Shared by the instances that share `store`: one exchange at a time per identity across
   * them. Without it, only this process's callers share an exchange.
   */
  exchangeLock?: WorkLock;
  /** How long the exchange lock is held at most, and how long another instance waits on it per round. */
  exchangeLockTtlMs?: number;
}

export class AccessTokenCache {
  private readonly clock: () => number;
  private readonly store: TokenStore;
  private readonly exchangeLock?: WorkLock;
  private readonly exchangeLockTtlMs: number;
  private readonly pending = new Map<string, Promise<string>>();

  constructor(options: AccessTokenCacheOptions = {}) {
    this.clock = options.clock ?? Date.now;
    this.store = options.store ?? new MemoryTokenStore();
    this.exchangeLock = options.exchangeLock;
    this.exchangeLockTtlMs = options.exchangeLockTtlMs ?? DEFAULT_EXCHANGE_LOCK_TTL_MS;
  }

  async get(identity: string, exchange: () => Promise<string>): Promise<string> {
    const held = await this.fresh(identity);
    if (held !== undefined) return held;
    let pending = this.pending.get(identity);
    if (!pending) {
      pending = this.obtain(identity, exchange).finally(() => this.pending.delete(identity));
      this.pending.set(identity, pending);
    }
    return pending;
  }

  /** Forgets `token` (after a 401) unless another caller already replaced it. */
  async invalidate(identity: string, token: string): Promise<void> {
    await this.store.deleteIfSame(identity, token);
  }

  private async fresh(identity: string): Promise<string | undefined> {
    const held = await this.store.get(identity);
    return held && held.renewAt > this.clock() ? held.token : undefined;
  }

  private async obtain(identity: string, exchange: () => Promise<string>): Promise<string> {
    const lock = this.exchangeLock;
    if (!lock) return this.exchangeAndKeep(identity, exchange);
    const key = `token-exchange:${identity}`;
    for (let round = 0; round < LOCK_ROUNDS; round++) {
      const lockToken = await lock.tryAcquire(key, this.exchangeLockTtlMs);
      if (lockToken !== null) {
        try {
          // Another instance may have kept a token between our look and our taking the lock.
          return (await this.fresh(identity)) ?? (await this.exchangeAndKeep(identity, exchange));
        } finally {
          // The token is kept before the lock goes, so that a waiter finds it. A release that
          // fails (Redis gone) is left to the lock's expiry rather than failing the exchange.
          await lock.release(key, lockToken).catch(() => undefined);
        }
      }
      await lock.waitUntilReleased(key, { timeoutMs: this.exchangeLockTtlMs });
      const theirs = await this.fresh(identity);
      if (theirs !== undefined) return theirs;
      // Released without a token (their exchange failed) or still held: try to take it ourselves.
    }
    return this.exchangeAndKeep(identity, exchange);
  }

  private async exchangeAndKeep(identity: string, exchange: () => Promise<string>): Promise<string> {
    const token = await exchange();
    const renewAt = this.renewalTime(token);
    await this.store.set(identity, { token, renewAt }, renewAt - this.clock());
    return token;
  }

  // Renewal starts a little before expiry: 30 s, or a tenth of a short token's lifetime.
  private renewalTime(token: string): number {
    const now = this.clock();
    try {
      const { exp } = decodeJwt(token);
      if (typeof exp === "number") return exp * 1000 - Math.min(RENEW_BEFORE_MS, (exp * 1000 - now) / 10);
    } catch {
      // Not a JWT we can read: assume a conservative lifetime; a 401 renews it anyway.
    }
    return now + UNKNOWN_LIFETIME_MS;
  }
}
