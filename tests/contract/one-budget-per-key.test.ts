// One API key is one client upstream, whichever flow signs it in: the contract's limits are
// per client, so a Flow A and a Flow B client of the same key share one rate budget (and one
// identity: the mirror, settings and caches are keyed by it), while two keys keep two budgets
// (issue 24, point 12). Counted exactly on a daily quota of 3 requests, on both sides: the
// sandbox's per-client quota (a test control) and the clients' own budget.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MemoryRateLimitStore } from "@/lib/sales-api/rate-limit";
import { clientFor } from "../support/sandbox-client";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "../support/sandbox-process";
import { MemoryDayStore } from "@/lib/mirror/memory-day-store";

const QUOTA = 3;
const DAY = { from: "2026-06-10", to: "2026-06-10" };

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW])));
afterAll(async () => sb?.stop());
beforeEach(async () => {
  await sb.reset();
  await sb.controls({ ratePerDay: QUOTA });
});
afterEach(async () => sb.reset());

const logOf = async (who: "creator" | "creator2") => ((await sb.stats())[who]?.log ?? []) as Array<{ status: number }>;

describe("the rate budget is the API key's", () => {
  // As in the app: every client of the process takes from one rate-limit store.
  let rateLimit: MemoryRateLimitStore;
  beforeEach(() => void (rateLimit = new MemoryRateLimitStore()));
  const shared = () => ({ limits: { perDay: QUOTA }, stores: { rateLimit, dayCache: new MemoryDayStore() } });

  it("a Flow A and a Flow B client of the same key share one identity and one budget: the key's 4th request waits, none is refused", async () => {
    const b = clientFor(sb, sb.creds.creator, "B", shared()).client;
    const a = clientFor(sb, sb.creds.creator, "A", shared()).client;
    expect(a.identity).toBe(b.identity);
    await b.probeKeyType(); // the token exchange and one request
    await a.probeKeyType(); // the key's third request
    const waits: number[] = [];
    const fetch = a.fetchRange("purchases", DAY, { signal: AbortSignal.timeout(1_500), onProgress: (p) => p.waitingMs > 0 && waits.push(p.waitingMs) });
    await expect(fetch).rejects.toThrow();
    // It waited for the budget (until the next UTC day) instead of sending a request the upstream refuses.
    expect(waits.length).toBeGreaterThan(0);
    expect((await logOf("creator")).map((e) => e.status)).toEqual([200, 200, 200]);
  });

  it("two different keys keep two budgets: one key's spent quota does not hold the other back", async () => {
    const one = clientFor(sb, sb.creds.creator, "A", shared()).client;
    const two = clientFor(sb, sb.creds.creator2, "B", shared()).client;
    expect(one.identity).not.toBe(two.identity);
    for (let i = 0; i < QUOTA; i++) await one.probeKeyType();
    const { records, report } = await two.fetchRange("purchases", DAY, { signal: AbortSignal.timeout(10_000) });
    expect(report.complete).toBe(true);
    expect(records.length).toBeGreaterThan(0);
    expect((await logOf("creator")).map((e) => e.status)).toEqual([200, 200, 200]);
    expect((await logOf("creator2")).map((e) => e.status)).toEqual([200, 200]);
  });
});
