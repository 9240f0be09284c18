import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getServerEnv } from "@/lib/env";
import { getSyncStatus } from "@/lib/mirror/account-sync";
import type { Transport } from "@/lib/sales-api/transport";
import { getProcessState } from "@/lib/store/process-state";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { mirrorSandbox } from "../support/mirror-sandbox";
import { expectMirrorEqualsTruth, firstDay, mirroredClient, NOW_MS, refetchedDays, requestsOf, resetProcessState, SECRET, servedWindows, startSync, stopAccountSync, tempDataDir, TODAY, transportOf, waitFor, waitForPassEnd, type ServedWindow } from "../support/mirror-sync";

// One sync per account, however many sessions it has (one process) and however many
// processes share the mirror file (the lease). A sync that finds the lease taken looks again
// a third of the lease's life later (30 s): the cross-process cases wait that long, once.
const DAYS = 60; // one chunk of each of the five resources

const sandbox = mirrorSandbox({ resetEach: true });
beforeAll(() => {
  // Identities keyed by AUTH_SECRET, as in production: two processes agree on the account id.
  expect(getServerEnv().AUTH_SECRET).toBe(SECRET);
});
// Before the sandbox's reset (after hooks run last registered first).
afterEach(() => {
  for (const sync of getProcessState().syncs.values()) sync.stop();
});

const leaseOf = (account: string) => `sync:${account}`;

/** No window asked twice, and no day fetched twice. */
function expectEachWindowOnce(windows: readonly ServedWindow[]): void {
  const keys = windows.map((w) => `${w.resource} ${w.from} ${w.to}`);
  expect(keys.length).toBeGreaterThanOrEqual(5);
  expect(new Set(keys).size).toBe(keys.length);
  expect(refetchedDays("creator", windows)).toEqual([]);
}

function countingTransport(): { transport: Transport; sent: () => number } {
  const inner = transportOf(sandbox.sb);
  let sent = 0;
  return {
    transport: { baseUrl: inner.baseUrl, request: (request) => (sent++, inner.request(request)) },
    sent: () => sent,
  };
}

describe("two sessions of one account in one process", () => {
  it("run one sync: the second session's start joins the first's, each window is asked once", async () => {
    const store = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
    const sessionOne = vi.fn(async () => true);
    const sessionTwo = vi.fn(async () => true);
    const one = startSync(sandbox.sb, "creator", store, { days: DAYS, alive: sessionOne });
    const two = startSync(sandbox.sb, "creator", store, { days: DAYS, alive: sessionTwo });
    expect(two).toBe(one);
    expect([...getProcessState().syncs.keys()]).toEqual([one]);
    await waitForPassEnd(one, "creator", store, DAYS);
    expect([...getProcessState().syncs.keys()]).toEqual([one]);
    // A third start while it runs (another request of a session) changes nothing either.
    startSync(sandbox.sb, "creator", store, { days: DAYS, alive: sessionTwo });
    expect(getProcessState().syncs.size).toBe(1);
    await stopAccountSync(one);
    expect(sessionOne).toHaveBeenCalled();

    expectEachWindowOnce(await servedWindows(sandbox.sb, "creator"));
    await expectMirrorEqualsTruth(sandbox.sb, "creator", store, firstDay(DAYS), TODAY);
    await store.close();
  });

  it("when the session that started it signs out, the server's next look for held sessions starts it again, and it resumes", async () => {
    const store = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
    // Session one ends after two chunks; session two's start joins the running sync.
    let asked = 0;
    const account = startSync(sandbox.sb, "creator", store, { days: DAYS, alive: async () => ++asked <= 1 + 2 });
    startSync(sandbox.sb, "creator", store, { days: DAYS, alive: async () => true });
    await waitFor(async () => !getProcessState().syncs.has(account), "the sync to stop with session one");
    const midway = await getSyncStatus(account, "creator", { store, clock: () => NOW_MS, days: DAYS });
    expect(midway.passEndedAt).toBeNull();

    // The server's next look (lib/auth/session-sync.ts resumes the sync of every held session).
    startSync(sandbox.sb, "creator", store, { days: DAYS, alive: async () => true });
    expect((await waitForPassEnd(account, "creator", store, DAYS)).synced).toBe(DAYS);
    await stopAccountSync(account);
    expectEachWindowOnce(await servedWindows(sandbox.sb, "creator"));
    await store.close();
  });
});

describe("two processes sharing one mirror file", () => {
  it("a lease held by another process blocks the sync (no request, no progress) until it is released", async () => {
    const file = path.join(tempDataDir(), "mirror.sqlite");
    const here = new SqliteMirrorStore(file);
    const elsewhere = new SqliteMirrorStore(file);
    const account = mirroredClient(sandbox.sb, "creator", here).identity;
    expect(await elsewhere.lease(leaseOf(account), "other-process", 90_000, NOW_MS)).toBe(true);

    expect(startSync(sandbox.sb, "creator", here, { days: DAYS })).toBe(account);
    // It asked for the lease (and was refused) at once; nothing happens for a while.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await requestsOf(sandbox.sb, "creator")).toBe(0);
    const blocked = await getSyncStatus(account, "creator", { store: here, clock: () => NOW_MS, days: DAYS });
    expect(blocked).toMatchObject({ synced: 0, passEndedAt: null, lastError: null });
    expect(await here.listDays(account)).toEqual([]);

    await elsewhere.releaseLease(leaseOf(account), "other-process");
    expect((await waitForPassEnd(account, "creator", here, DAYS)).synced).toBe(DAYS);
    await stopAccountSync(account);
    expectEachWindowOnce(await servedWindows(sandbox.sb, "creator"));
    await here.close();
    await elsewhere.close();
  });

  it("a sync running in one process holds off the same account's sync in another; the other takes over when it stops, fetching nothing again", async () => {
    const file = path.join(tempDataDir(), "mirror.sqlite");
    const first = countingTransport();
    const firstStore = new SqliteMirrorStore(file);
    const account = startSync(sandbox.sb, "creator", firstStore, { days: DAYS, transport: first.transport });
    await waitFor(async () => first.sent() > 0, "the first process's sync to start");
    const firstSync = getProcessState().syncs.get(account)!;

    // Another process: its own process state and store instance on the same file. Its clock
    // is a second later, so that its pass can be told from the first's (today stays fresh).
    resetProcessState();
    const second = countingTransport();
    const secondStore = new SqliteMirrorStore(file);
    let secondAsked = 0;
    expect(startSync(sandbox.sb, "creator", secondStore, { days: DAYS, transport: second.transport, clock: () => NOW_MS + 1_000, alive: async () => (secondAsked++, true) })).toBe(account);

    await waitForPassEnd(account, "creator", secondStore, DAYS);
    // The first finished its pass and still holds the lease (it only pauses): the second waits.
    await waitFor(async () => secondAsked >= 1, "the second process to ask");
    expect(second.sent()).toBe(0);

    firstSync.stop();
    await firstSync.done;
    // The second takes the lease at its next look and runs a pass over days all fresh.
    await waitFor(async () => (await secondStore.readSyncState(account))?.passEndedAt === NOW_MS + 1_000, "the second process's pass", 60_000);
    await stopAccountSync(account);
    expect(second.sent()).toBe(0);
    expectEachWindowOnce(await servedWindows(sandbox.sb, "creator"));
    await expectMirrorEqualsTruth(sandbox.sb, "creator", secondStore, firstDay(DAYS), TODAY);
    await firstStore.close();
    await secondStore.close();
  });
});
