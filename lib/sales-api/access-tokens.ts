import "server-only";

// Flow B tokens, one per credential identity, reused by every request until shortly
// before they expire; concurrent callers share one exchange.
import { decodeJwt } from "jose";

const RENEW_BEFORE_MS = 30_000;
const UNKNOWN_LIFETIME_MS = 5 * 60_000;

// Renewal starts a little before expiry: 30 s, or a tenth of a short token's lifetime.
interface Held { token: string; renewAt: number }

export class AccessTokenCache {
  private readonly held = new Map<string, Held>();
  private readonly pending = new Map<string, Promise<string>>();

  constructor(private readonly clock: () => number = Date.now) {}

  async get(identity: string, exchange: () => Promise<string>): Promise<string> {
    const held = this.held.get(identity);
    if (held && held.renewAt > this.clock()) return held.token;
    let pending = this.pending.get(identity);
    if (!pending) {
      pending = exchange()
        .then((token) => {
          this.held.set(identity, { token, renewAt: this.renewalTime(token) });
          return token;
        })
        .finally(() => this.pending.delete(identity));
      this.pending.set(identity, pending);
    }
    return pending;
  }

  /** Forgets `token` (after a 401) unless another caller already replaced it. */
  invalidate(identity: string, token: string): void {
    if (this.held.get(identity)?.token === token) this.held.delete(identity);
  }

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
