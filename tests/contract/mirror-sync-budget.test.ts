import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getServerEnv } from "@/lib/env";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import { MemoryRateLimitStore } from "@/lib/sales-api/rate-limit";
import type { Transport } from "@/lib/sales-api/transport";
import { getProcessState } from "@/lib/store/process-state";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { startSandboxProcess, FIXED_NOW, type RunningSandbox } from "../support/sandbox-process";
import {
  again,
  credentialOf,
  firstDay,
  NOW_MS,
  removeTempDataDirs,
  SECRET,
  statsOf,
  startSync,
  stopAccountSync,
  tempDataDir,
  TODAY,
  transportOf,
  waitFor,
  waitForPassEnd,
} from "../support/mirror-sync";

// The sync within the budget: the sandbox keeps its limit of 60 requests a window, the
// window shortened tenfold (6 s instead of a minute) so that a pass of many windows runs in
// seconds; the client's window is shortened alike. The sync must stay at
// SALESDASH_SYNC_PER_MINUTE (45) requests a window, draw no 429, and send nothing while a
// report of the same credential fetches.
const WINDOW_MS = 6_000;
const REPORT_DAYS = 730;
// An affiliate's ten years: the sandbox holds two, and answers the older windows empty.
// Windows of many records cost this process more CPU (validation, sealing) than the budget
// gives them on a busy machine; an affiliate's are small and the empty ones cheap, so that
// the budget, not the CPU, sets the pace.
const DAYS = 3650;

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-window-ms", String(WINDOW_MS)])));
afterAll(async () => {
  await sb?.stop();
  removeTempDataDirs();
});
afterEach(async () => {
  for (const sync of getProcessState().syncs.values()) sync.stop();
  await again(() => sb.reset());
});

/** A transport that writes each request it sends into a shared list of events, in order. */
function loggingTransport(events: string[], name: string): Transport {
  const inner = transportOf(sb);
  return { baseUrl: inner.baseUrl, request: (request) => (events.push(name), inner.request(request)) };
}

/** The most requests in any sliding window of `windowMs`, by the sandbox's clock. */
function busiestWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while ((sorted[j] as number) <= (sorted[i] as number) - windowMs) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe("the sync's budget", () => {
  it("spends at most SALESDASH_SYNC_PER_MINUTE requests in any window of the upstream's limit, and draws no 429", async () => {
    const ceiling = getServerEnv().SALESDASH_SYNC_PER_MINUTE;
    expect(ceiling).toBe(45);
    const store = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
    const account = startSync(sb, "affiliate", store, { days: DAYS, client: { limits: { windowMs: WINDOW_MS } } });
    expect((await waitForPassEnd(account, "affiliate", store, DAYS)).synced).toBe(DAYS);
    await stopAccountSync(account);

    const stats = (await statsOf(sb)).affiliate;
    const log = stats?.log ?? [];
    // Enough requests that a sync at the full 60 would have shown more than 45 in a window.
    expect(log.length).toBeGreaterThan(2 * ceiling);
    expect(stats?.byStatus["429"]).toBeUndefined();
    expect(busiestWindow(log.map((e) => e.t), WINDOW_MS)).toBeLessThanOrEqual(ceiling);
    // The budget set the pace: the sync filled its windows (a sync held back by something
    // else would pass the check above without the ceiling being what held it).
    expect(busiestWindow(log.map((e) => e.t), WINDOW_MS)).toBeGreaterThan((ceiling * 3) / 4);
    await store.close();
  });

  it("sends nothing while a report of the same credential fetches, and goes on once it is done", async () => {
    // Slow answers: the report runs for a while after the sync starts.
    await again(() => sb.controls({ latencyMs: 250 }));
    const store = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
    const rateLimit = new MemoryRateLimitStore();
    const events: string[] = [];
    const report = createMirroredClient({
      credential: credentialOf(sb, "creator"),
      target: "production",
      transport: loggingTransport(events, "report"),
      limits: { windowMs: WINDOW_MS },
      mirror: { store, clock: () => NOW_MS, serverSecret: SECRET },
      stores: { rateLimit },
    });
    const reportDone = report.fetchRange("purchases", { from: firstDay(REPORT_DAYS), to: TODAY }).then((result) => {
      events.push("report done");
      return result;
    });
    await waitFor(async () => events.length > 0, "the report's first request");
    const account = startSync(sb, "creator", store, { days: REPORT_DAYS, rateLimit, transport: loggingTransport(events, "sync"), client: { limits: { windowMs: WINDOW_MS } } });
    expect(account).toBe(report.identity);
    events.push("sync started");

    const { report: answer } = await reportDone;
    expect(answer.complete).toBe(true);
    await waitFor(async () => events.includes("sync"), "the sync's first request");
    await stopAccountSync(account);

    const started = events.indexOf("sync started");
    const done = events.indexOf("report done");
    // The report still had windows to fetch after the sync started...
    expect(events.slice(started, done).filter((e) => e === "report").length).toBeGreaterThanOrEqual(3);
    // ...and the sync sent its first request only after the report was done.
    expect(events.indexOf("sync")).toBeGreaterThan(done);
    expect((await statsOf(sb)).creator?.byStatus["429"]).toBeUndefined();
    await store.close();
  });
});
