import "server-only";

// Where Flow B access tokens are kept between requests, per credential identity. This
// process's memory by default; a shared store (lib/store/redis/redis-token-store.ts) lets
// several dashboard instances reuse one token instead of each exchanging its own.

export interface HeldToken {
  token: string;
  /** When the cache stops handing it out and exchanges a new one (epoch ms, by its clock). */
  renewAt: number;
}

export interface TokenStore {
  get(identity: string): Promise<HeldToken | undefined>;
  /** Keeps `held` for the identity, replacing what it had; a shared store drops it after `ttlMs`. */
  set(identity: string, held: HeldToken, ttlMs: number): Promise<void>;
  /** Forgets the identity's token if it is still `token`; one that replaced it stays. */
  deleteIfSame(identity: string, token: string): Promise<void>;
}

/**
 * The default: a Map, one entry per identity, replaced by each exchange. It ignores `ttlMs`: the
 * cache judges a token by its `renewAt`, and an identity's entry never piles up.
 */
export class MemoryTokenStore implements TokenStore {
  private readonly held = new Map<string, HeldToken>();

  async get(identity: string): Promise<HeldToken | undefined> {
    return this.held.get(identity);
  }

  async set(identity: string, held: HeldToken): Promise<void> {
    this.held.set(identity, held);
  }

  async deleteIfSame(identity: string, token: string): Promise<void> {
    if (this.held.get(identity)?.token === token) this.held.delete(identity);
  }
}
