// The client's limiter, measured on the sandbox's own counters; and a day that alone holds
// more than 5000 records, reported as incomplete rather than shown as complete.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groundTruth } from "../../sandbox/ground-truth";
import { clientFor } from "../support/sandbox-client";
import { FIXED_NOW, startSandboxProcess, wire, type RunningSandbox } from "../support/sandbox-process";

describe("rate limiting", () => {
  let sb: RunningSandbox;
  // The same budget on both sides, on a 3-second "minute" so the test runs in seconds.
  const WINDOW_MS = 3000;
  const PER_WINDOW = 4;
  beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", String(PER_WINDOW), "--rate-window-ms", String(WINDOW_MS)])));
  afterAll(async () => sb?.stop());

  it("never exceeds the budget: no 429, and never more than R requests in any window", async () => {
    // The margin covers the time between the client's send and the sandbox's arrival stamp,
    // which grows on a loaded machine; the assertions below are the same whatever it is.
    const { client } = clientFor(sb, sb.creds.creator, "B", { limits: { perMinute: PER_WINDOW, windowMs: WINDOW_MS, safetyMarginMs: 1000 } });
    const waits: number[] = [];
    const { records, report } = await client.fetchRange("purchases", { from: "2024-06-16", to: "2026-06-15" }, { onProgress: (p) => p.waitingMs > 0 && waits.push(p.waitingMs) });
    expect(wire(records)).toEqual(wire(groundTruth({ now: FIXED_NOW }, "creator", "purchases", "2024-06-16", "2026-06-16")));
    const log = (await sb.stats()).creator?.log ?? [];
    expect(log.length).toBe(report.requests);
    expect(log.length).toBeGreaterThan(PER_WINDOW * 2);
    expect(log.filter((e) => e.status === 429)).toEqual([]);
    for (const entry of log) {
      const inWindow = log.filter((other) => other.t > entry.t - WINDOW_MS && other.t <= entry.t);
      expect(inWindow.length).toBeLessThanOrEqual(PER_WINDOW);
    }
    expect(waits.length).toBeGreaterThan(0); // the queue told the progress display it was waiting
  });
});

describe("a day holding more than 5000 records", () => {
  let big: RunningSandbox;
  beforeAll(async () => void (big = await startSandboxProcess(["--now", FIXED_NOW, "--scale", "63", "--rate-limit-per-minute", "100000"])));
  afterAll(async () => big?.stop());

  it("is reported incomplete, with its newest 5000 records, never as complete", async () => {
    const { client } = clientFor(big, big.creds.creator, "A");
    const days = ["2026-06-14", "2026-06-13", "2026-06-12"]; // newest first: Sunday, Saturday, Friday
    const truthOf = (day: string) => wire(groundTruth({ now: FIXED_NOW, scale: 63 }, "creator", "purchases", day, `2026-06-${Number(day.slice(8)) + 1}`));
    const full = days.filter((day) => truthOf(day).length > 5000);
    expect(full.length).toBeGreaterThan(0); // the case exists at this scale
    expect(full.length).toBeLessThan(days.length); // and so does an ordinary day beside it
    const { records, report } = await client.fetchRange("purchases", { from: "2026-06-12", to: "2026-06-14" });
    expect(report.incompleteDays).toEqual(full);
    expect(report.complete).toBe(false);
    for (const day of days) {
      const truth = truthOf(day);
      const got = wire(records).filter((p) => p.checkoutInitializedAt.startsWith(day));
      expect(got).toEqual(truth.length > 5000 ? truth.slice(0, 5000) : truth);
    }
  });
});
