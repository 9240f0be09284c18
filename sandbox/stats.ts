// What the sandbox served, per credential: lets tests measure a client's frugality and
// check that it never exceeded the rate limit.
/** `query` is the request's query string ("?from=…&to=…&limit=…", or ""): it carries no credential. */
export interface ServedRequest { t: number; method: string; path: string; query: string; status: number; flow: "A" | "B" | "auth" }

export interface CredentialStats { requests: number; byStatus: Record<string, number>; log: ServedRequest[] }

const MAX_LOG = 100_000;

/** Requests refused before any account was known (a wrong key, a wrong pair): counted, never their credential. */
export interface UnauthenticatedStats { requests: number; log: Array<Omit<ServedRequest, "flow">> }

export class Stats {
  private readonly byAccount = new Map<string, CredentialStats>();
  private unauthenticatedStats: UnauthenticatedStats = { requests: 0, log: [] };

  record(account: string, entry: ServedRequest): void {
    const s = this.byAccount.get(account) ?? { requests: 0, byStatus: {}, log: [] };
    this.byAccount.set(account, s);
    s.requests++;
    s.byStatus[entry.status] = (s.byStatus[entry.status] ?? 0) + 1;
    if (s.log.length < MAX_LOG) s.log.push(entry);
  }

  /** A request answered 401 with no account: what a client trying keys costs the upstream. */
  recordUnauthenticated(entry: Omit<ServedRequest, "flow">): void {
    this.unauthenticatedStats.requests++;
    if (this.unauthenticatedStats.log.length < MAX_LOG) this.unauthenticatedStats.log.push(entry);
  }

  snapshot(): Record<string, CredentialStats> {
    return Object.fromEntries(this.byAccount);
  }

  unauthenticated(): UnauthenticatedStats {
    return this.unauthenticatedStats;
  }

  reset(): void {
    this.byAccount.clear();
    this.unauthenticatedStats = { requests: 0, log: [] };
  }
}
