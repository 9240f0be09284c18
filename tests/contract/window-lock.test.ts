// Two dashboard instances (each with its own requests in flight) reading the same range at
// the same moment, sharing a window lock (Redis in production) and a day store (the mirror):
// each window goes upstream once, the waiting instance reads the days the other stored, and
// both get exactly the ground truth.
import { afterAll, beforeAll, expect, it } from "vitest";
import { getProcessState } from "@/lib/store/process-state";
import { groundTruth } from "../../sandbox/ground-truth";
import { MemoryWorkLock } from "@/lib/store/memory-work-lock";
import { clientFor } from "../support/sandbox-client";
import { FIXED_NOW, startSandboxProcess, wire, type RunningSandbox } from "../support/sandbox-process";
import { MemoryDayStore } from "@/lib/mirror/memory-day-store";
import type { CachedDay } from "@/lib/mirror/day-store";

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000", "--latency-ms", "100"])));
afterAll(async () => sb?.stop());

it("sends each window once across two instances, and both answer the ground truth", async () => {
  const windowLock = new MemoryWorkLock();
  const dayCache = new MemoryDayStore();
  const instance = () => clientFor(sb, sb.creds.creator, "A", { stores: { dayCache, windowLock, inFlight: new Map() } }).client;
  const range = { from: "2025-12-01", to: "2026-06-15" };
  const [a, b] = await Promise.all([instance().fetchRange("purchases", range), instance().fetchRange("purchases", range)]);
  const truth = wire(groundTruth({ now: FIXED_NOW }, "creator", "purchases", range.from, "2026-06-16"));
  expect(wire(a.records)).toEqual(truth);
  expect(wire(b.records)).toEqual(truth);
  const log = (await sb.stats()).creator?.log.filter((r) => r.path === "/api/v1/purchases") ?? [];
  expect(new Set(log.map((r) => r.query)).size).toBe(log.length);
  expect(windowLock.joined).toBeGreaterThan(0);
  expect(a.report.requests + b.report.requests).toBe(log.length);
});

it("fetches without the lock when the lock's store does not answer, rather than failing the report", async () => {
  const unavailable = { tryAcquire: () => Promise.reject(new Error("Command timed out")), release: () => Promise.reject(new Error("Command timed out")), waitUntilReleased: () => Promise.reject(new Error("Command timed out")) };
  const { client } = clientFor(sb, sb.creds.creator2, "A", { stores: { dayCache: new MemoryDayStore(), windowLock: unavailable, inFlight: new Map() } });
  const range = { from: "2026-05-01", to: "2026-06-15" };
  const { records } = await client.fetchRange("purchases", range);
  expect(wire(records)).toEqual(wire(groundTruth({ now: FIXED_NOW }, "creator2", "purchases", range.from, "2026-06-16")));
});

it("within one instance, a window whose answer arrived but whose days are not yet stored is waited for, not asked again", async () => {
  // The process's own lock (no Redis here): the one a dashboard without Redis runs with.
  const windowLock = getProcessState().windowLock;
  expect(windowLock).toBeInstanceOf(MemoryWorkLock);
  const lock = windowLock as MemoryWorkLock;
  const joinedBefore = lock.joined;
  // The mirror's writes wait until released: the first report's answer is in, its days are not.
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let writes = 0;
  const memory = new MemoryDayStore();
  const dayCache = Object.assign(Object.create(memory) as MemoryDayStore, {
    set: async (key: string, day: CachedDay, ttlMs: number) => {
      writes++;
      await gate;
      return memory.set(key, day, ttlMs);
    },
  });
  const stores = { dayCache, inFlight: new Map<string, Promise<unknown>>() };
  const range = { from: "2026-03-01", to: "2026-03-20" };
  const first = clientFor(sb, sb.creds.affiliate, "A", { stores }).client.fetchRange("purchases", range);
  await expect.poll(() => writes, { timeout: 10_000 }).toBeGreaterThan(0);
  const second = clientFor(sb, sb.creds.affiliate, "A", { stores }).client.fetchRange("purchases", range);
  // The second report either waits on the lock (right) or has asked and is writing too (wrong).
  await expect.poll(() => lock.joined > joinedBefore || writes > 1, { timeout: 10_000 }).toBe(true);
  open();
  const [a, b] = await Promise.all([first, second]);
  const truth = wire(groundTruth({ now: FIXED_NOW }, "affiliate", "purchases", range.from, "2026-03-21"));
  expect(wire(a.records)).toEqual(truth);
  expect(wire(b.records)).toEqual(truth);
  expect(b.report.requests).toBe(0);
  // Upstream saw the first report's windows only, each once. A retry after a transport error (a
  // kept-alive socket the sandbox had just closed: seen once in CI on a loaded machine) is in the
  // client's count but never reached the sandbox's log, so the log is between the two.
  const log = (await sb.stats()).affiliate?.log.filter((r) => r.path === "/api/v1/purchases") ?? [];
  expect(new Set(log.map((r) => r.query)).size).toBe(log.length);
  expect(log.length).toBeGreaterThanOrEqual(a.report.requests - a.report.retries);
  expect(log.length).toBeLessThanOrEqual(a.report.requests);
});
