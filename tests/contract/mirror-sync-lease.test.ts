// The sync's lease is renewed while a pass runs, not only between chunks: a chunk that waits
// behind a report for longer than the lease must not let another process start a second
// sync of the account.
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getClientState } from "@/lib/sales-api";
import { getProcessState } from "@/lib/store/process-state";
import type { LeaseStore } from "@/lib/store/lease-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "../support/sandbox-process";
import { removeTempDataDirs, requestsOf, startSync, stopAccountSync, tempDataDir, waitFor } from "../support/mirror-sync";

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"])));
afterAll(async () => {
  await sb?.stop();
  removeTempDataDirs();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("keeps the lease while a chunk waits longer than the lease's life", async () => {
  const file = path.join(tempDataDir(), "mirror.sqlite");
  const store = new SqliteMirrorStore(file);
  // Another process on the same file.
  const other = new SqliteMirrorStore(file);
  const LEASE = 600;
  let release!: () => void;
  const reportRuns = new Promise<void>((resolve) => (release = resolve));
  // The lease expires by the real clock here: a report of the account holds the sync back.
  const account = startSync(sb, "creator", store, { days: 10, leaseMs: LEASE, clock: Date.now });
  const report = getClientState().reports.during(account, () => reportRuns);
  expect(getProcessState().syncs.has(account)).toBe(true);
  await sleep(LEASE * 3);
  // Well past the first lease's life, with no chunk finished: another holder is still refused.
  expect(await other.lease(`sync:${account}`, "another-process", LEASE, Date.now())).toBe(false);
  expect(await requestsOf(sb, "creator")).toBe(0);
  release();
  await report;
  await waitFor(async () => (await requestsOf(sb, "creator")) > 0, "the sync to go on after the report");
  await stopAccountSync(account);
  await Promise.all([store.close(), other.close()]);
});

it("waits on the lease again when another process takes it mid-pass, and goes on once it is free", async () => {
  const store = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
  const LEASE = 300;
  // Another process holds the lease while `taken`: this one's renewals and checkpoints are refused.
  let taken = false;
  const leases: LeaseStore = {
    lease: (name, holder, ttlMs, now) => (taken ? Promise.resolve(false) : store.lease(name, holder, ttlMs, now)),
    releaseLease: (name, holder) => store.releaseLease(name, holder),
  };
  // The sync's state is the lease holder's to write: none written while the other process has it.
  const writes: boolean[] = [];
  const writeSyncState = store.writeSyncState.bind(store);
  store.writeSyncState = (account, state) => (writes.push(taken), writeSyncState(account, state));
  // A long pass (many days), one request at a time, so that it is mid-pass when the lease goes.
  const before = await requestsOf(sb, "creator");
  const account = startSync(sb, "creator", store, { days: 400, leaseMs: LEASE, clock: Date.now, leases });
  try {
    await waitFor(async () => (await requestsOf(sb, "creator")) > before + 2, "the pass to start");
    taken = true;
    await sleep(LEASE * 2);
    const whileTaken = await requestsOf(sb, "creator");
    await sleep(LEASE * 2);
    // The pass stopped for the other holder, and the sync still waits on the lease.
    expect(await requestsOf(sb, "creator")).toBe(whileTaken);
    expect(getProcessState().syncs.has(account)).toBe(true);
    expect(writes).not.toContain(true);
    taken = false;
    await waitFor(async () => (await requestsOf(sb, "creator")) > whileTaken, "the sync to go on once the lease is free");
  } finally {
    taken = false;
    await stopAccountSync(account);
    await store.close();
  }
});
