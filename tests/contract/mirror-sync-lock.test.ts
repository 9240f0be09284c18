// One pass per account across the instances comes from the account's lock (lib/store/locks:
// PostgreSQL's advisory lock there; backends/held-locks-pg.test.ts tests that one), and the
// passes' pace from the job queue. Here the lock is one a test holds or drops, as another
// instance or a dropped connection would, and jobs are sent as another instance's ask.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { shiftDay } from "@/lib/calendar";
import { getSyncStatus, SYNC_QUEUE, withAccountSyncStopped } from "@/lib/mirror/account-sync";
import type { HeldLock, LockSource } from "@/lib/store/locks/held-lock";
import { LocalQueue } from "@/lib/store/jobs/local-queue";
import { MemoryLocks } from "@/lib/store/locks/memory-locks";
import type { MirrorSyncState } from "@/lib/store/mirror-store";
import { getProcessState } from "@/lib/store/process-state";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { mirrorSandbox } from "../support/mirror-sandbox";
import { expectMirrorEqualsTruth, firstDay, mirroredClient, NOW_MS, refetchedDays, requestsOf, servedWindows, startSync, stopAccountSync, syncQueueOf, tempDataDir, TODAY, waitFor, waitForPassEnd, type ServedWindow } from "../support/mirror-sync";

const DAYS = 60; // one chunk of each of the five resources
const sandbox = mirrorSandbox({ resetEach: true });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Locks of which the test holds one as another instance would, or drops the held ones as a lost connection does. */
function testLocks() {
  const inner = new MemoryLocks();
  const elsewhere = new Set<string>();
  const drops = new Set<AbortController>();
  const locks: LockSource = {
    async tryHold(name) {
      if (elsewhere.has(name)) return null;
      const held = await inner.tryHold(name);
      if (!held) return null;
      const lost = new AbortController();
      drops.add(lost);
      return { lost: lost.signal, confirm: async () => undefined, release: () => (drops.delete(lost), held.release()) } satisfies HeldLock;
    },
    close: () => inner.close(),
  };
  return {
    locks,
    holdElsewhere: (name: string) => void elsewhere.add(name),
    releaseElsewhere: (name: string) => void elsewhere.delete(name),
    /** The connection of this process's locks drops: each held one is lost (and free for others, as PostgreSQL frees it). */
    dropConnection: async () => {
      for (const lost of [...drops]) lost.abort(new Error("connection lost"));
      drops.clear();
      await inner.close();
    },
  };
}

describe("the account's lock", () => {
  it("held by another instance: this one's jobs fetch and write nothing; once it is free, the next job runs the pass", async () => {
    const store = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
    const account = mirroredClient(sandbox.sb, "creator", store).identity;
    const test = testLocks();
    test.holdElsewhere(`sync:${account}`);
    const writes: MirrorSyncState[] = [];
    const writeSyncState = store.writeSyncState.bind(store);
    store.writeSyncState = (a, state) => (writes.push(state), writeSyncState(a, state));

    expect(startSync(sandbox.sb, "creator", store, { days: DAYS, locks: test.locks })).toBe(account);
    const queue = syncQueueOf(store);
    // The first ask ran and found the lock taken; another instance's ask does the same.
    await sleep(500);
    await queue.send(SYNC_QUEUE.name, { account }, { key: account });
    await sleep(500);
    expect(await requestsOf(sandbox.sb, "creator")).toBe(0);
    expect(writes).toEqual([]);
    expect(await store.listDays(account)).toEqual([]);
    expect(getProcessState().syncs.has(account)).toBe(true);

    test.releaseElsewhere(`sync:${account}`);
    await queue.send(SYNC_QUEUE.name, { account }, { key: account });
    expect((await waitForPassEnd(account, "creator", store, DAYS)).synced).toBe(DAYS);
    await stopAccountSync(account);
    expect(refetchedDays("creator", await servedWindows(sandbox.sb, "creator"))).toEqual([]);
    await expectMirrorEqualsTruth(sandbox.sb, "creator", store, firstDay(DAYS), TODAY);
    await store.close();
  });

  it("lost mid-pass (the connection dropped): the pass stops and writes no state; the next job goes on from the days it finished", async () => {
    await sandbox.sb.controls({ latencyMs: 100 });
    try {
      const store = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
      const test = testLocks();
      const writes: MirrorSyncState[] = [];
      const writeSyncState = store.writeSyncState.bind(store);
      store.writeSyncState = (a, state) => (writes.push(state), writeSyncState(a, state));
      // Many days, one window at a time: mid-pass when the connection drops.
      const days = 400;
      const account = startSync(sandbox.sb, "creator", store, { days, locks: test.locks });
      await waitFor(async () => (await requestsOf(sandbox.sb, "creator")) >= 3, "the pass to start");
      await test.dropConnection();
      await getProcessState().syncs.get(account)!.done;
      const droppedAt = Date.now();
      // What the mirror held when the pass stopped: none of it may be fetched again. A window the
      // sandbox answered as the pass stopped, and whose days were not stored, is fetched again, rightly.
      const heldAtDrop = new Set((await store.listDays(account)).map((d) => `${d.resource} ${d.day}`));
      await sleep(500);
      const stoppedAt = await requestsOf(sandbox.sb, "creator");
      await sleep(500);
      expect(await requestsOf(sandbox.sb, "creator")).toBe(stoppedAt);
      expect(writes).toEqual([]);
      const midway = await getSyncStatus(account, "creator", { store, clock: () => NOW_MS, days });
      expect(midway.passEndedAt).toBeNull();
      expect(midway.synced).toBeLessThan(days);

      await sandbox.sb.controls({ latencyMs: 0 });
      await syncQueueOf(store).send(SYNC_QUEUE.name, { account }, { key: account });
      expect((await waitForPassEnd(account, "creator", store, days)).synced).toBe(days);
      await stopAccountSync(account);
      const inFlight = (w: ServedWindow) => w.t < droppedAt && !heldAtDrop.has(`${w.resource} ${shiftDay(w.to, -1)}`);
      expect(refetchedDays("creator", await servedWindows(sandbox.sb, "creator"), inFlight)).toEqual([]);
      await store.close();
    } finally {
      await sandbox.sb.controls({ latencyMs: 0 });
    }
  });
});

describe("a stop (Forget my data)", () => {
  it("while the lock is being asked for: the stop waits for the answer, and no pass runs", async () => {
    const store = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
    const inner = new MemoryLocks();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let asked = false;
    const slow: LockSource = {
      tryHold: async (name) => {
        asked = true;
        await answered;
        return inner.tryHold(name);
      },
      close: () => inner.close(),
    };
    const writes: MirrorSyncState[] = [];
    const writeSyncState = store.writeSyncState.bind(store);
    store.writeSyncState = (a, state) => (writes.push(state), writeSyncState(a, state));
    const account = startSync(sandbox.sb, "creator", store, { days: DAYS, locks: slow });
    await waitFor(async () => asked, "the lock to be asked for");
    let stopped = false;
    const stopping = stopAccountSync(account).then(() => void (stopped = true));
    await sleep(300);
    expect(stopped).toBe(false);
    answer();
    await stopping;
    await sleep(300);
    expect(await requestsOf(sandbox.sb, "creator")).toBe(0);
    expect(writes).toEqual([]);
    // The lock was let go.
    expect(await inner.tryHold(`sync:${account}`)).not.toBeNull();
    await store.close();
  });
});

describe("withAccountSyncStopped (Forget my data's deletion)", () => {
  it("waits for another instance's pass to let the lock go, and holds it while the work runs", async () => {
    const test = testLocks();
    const account = "acct-forget";
    test.holdElsewhere(`sync:${account}`);
    const order: string[] = [];
    const forgetting = withAccountSyncStopped(account, async () => {
      order.push("work");
      // No pass of the account can start meanwhile, here or elsewhere.
      expect(await test.locks.tryHold(`sync:${account}`)).toBeNull();
    }, { locks: test.locks, waitMs: 10_000 });
    await sleep(600);
    order.push("released elsewhere");
    test.releaseElsewhere(`sync:${account}`);
    await forgetting;
    expect(order).toEqual(["released elsewhere", "work"]);
    // Let go after it.
    expect(await test.locks.tryHold(`sync:${account}`)).not.toBeNull();
  });

  it("runs the work all the same once its wait is over", async () => {
    const test = testLocks();
    test.holdElsewhere("sync:acct-stuck");
    let ran = false;
    await withAccountSyncStopped("acct-stuck", async () => void (ran = true), { locks: test.locks, waitMs: 300 });
    expect(ran).toBe(true);
  });
});

describe("the passes' pace", () => {
  it("a long pass runs in slices, each its own job, and goes on to its end with no day fetched twice", async () => {
    await sandbox.sb.controls({ latencyMs: 50 });
    try {
      const store = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
      const days = 400;
      const account = startSync(sandbox.sb, "creator", store, { days, sliceMs: 300 });
      const sync = getProcessState().syncs.get(account)!;
      const run = sync.run.bind(sync);
      let jobs = 0;
      sync.run = () => (jobs++, run());
      expect((await waitForPassEnd(account, "creator", store, days)).synced).toBe(days);
      // The first job ran before the count began: each later one is a slice.
      expect(jobs).toBeGreaterThanOrEqual(2);
      await stopAccountSync(account);
      expect(refetchedDays("creator", await servedWindows(sandbox.sb, "creator"))).toEqual([]);
      await expectMirrorEqualsTruth(sandbox.sb, "creator", store, firstDay(days), TODAY);
      await store.close();
    } finally {
      await sandbox.sb.controls({ latencyMs: 0 });
    }
  });

  it("a job asked for while a pass runs, or before its pause is over, starts no pass: the next waits its pause in the queue", async () => {
    const store = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
    // The queue's clock is the test's: the next pass's job comes due when the test says.
    let queueNow = Date.now();
    const queue = new LocalQueue({ file: path.join(tempDataDir(), "jobs.sqlite"), pollMs: 50, clock: () => queueNow });
    const account = startSync(sandbox.sb, "creator", store, { days: DAYS, pauseMs: 60_000, queue });
    // Asked for while the first pass runs (another instance's ask, or a sign-in).
    await waitFor(async () => (await requestsOf(sandbox.sb, "creator")) > 0, "the pass to start");
    await queue.send(SYNC_QUEUE.name, { account }, { key: account });
    const first = await waitForPassEnd(account, "creator", store, DAYS);
    const endedAt = (await store.readSyncState(account))?.attemptEndedAt;
    expect(endedAt).toEqual(expect.any(Number));
    await sleep(500);
    const afterPass = await requestsOf(sandbox.sb, "creator");
    expect(first.synced).toBe(DAYS);
    // The next pass waits in the queue, under the account's key: a further ask adds none.
    expect(await queue.send(SYNC_QUEUE.name, { account }, { key: account })).toBeNull();
    // That job comes due (for the queue) before the pause is over (for the sync: an instance
    // whose clock is behind, or a job sent before a restart): it starts no pass, and sends
    // the next for the rest of the pause.
    const sync = getProcessState().syncs.get(account)!;
    const run = sync.run.bind(sync);
    let jobs = 0;
    sync.run = () => (jobs++, run());
    queueNow += 61_000;
    await waitFor(async () => jobs > 0, "the waiting job to run");
    await sleep(500);
    expect(await requestsOf(sandbox.sb, "creator")).toBe(afterPass);
    expect((await store.readSyncState(account))?.attemptEndedAt).toBe(endedAt);
    expect(await queue.send(SYNC_QUEUE.name, { account }, { key: account })).toBeNull();
    await stopAccountSync(account);
    await queue.stop();
    await store.close();
  });
});
