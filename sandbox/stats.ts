// What the sandbox served, per credential: lets tests measure a client's frugality and
// check that it never exceeded the rate limit.
/** `query` is the request's query string ("?from=…&to=…&limit=…", or ""): it carries no credential. */
export interface ServedRequest { t: number; method: string; path: string; query: string; status: number; flow: "A" | "B" | "auth" }

export interface CredentialStats { requests: number; byStatus: Record<string, number>; log: ServedRequest[] }

const MAX_LOG = 100_000;

export class Stats {
  private readonly byAccount = new Map<string, CredentialStats>();

  record(account: string, entry: ServedRequest): void {
    const s = this.byAccount.get(account) ?? { requests: 0, byStatus: {}, log: [] };
    this.byAccount.set(account, s);
    s.requests++;
    s.byStatus[entry.status] = (s.byStatus[entry.status] ?? 0) + 1;
    if (s.log.length < MAX_LOG) s.log.push(entry);
  }

  snapshot(): Record<string, CredentialStats> {
    return Object.fromEntries(this.byAccount);
  }

  reset(): void {
    this.byAccount.clear();
  }
}
