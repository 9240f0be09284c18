import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getServerEnv } from "@/lib/env";
import { getSyncStatus } from "@/lib/mirror/account-sync";
import { getProcessState } from "@/lib/store/process-state";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { mirrorSandbox } from "../support/mirror-sandbox";
import { expectMirrorEqualsTruth, firstDay, NOW_MS, refetchedDays, SECRET, servedWindows, startSync, stopAccountSync, tempDataDir, TODAY, waitFor, waitForPassEnd, type ServedWindow } from "../support/mirror-sync";

// One sync per account, however many sessions it has. Across instances, the account's lock
// keeps one pass at a time: mirror-sync-lock.test.ts.
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

/** No window asked twice, and no day fetched twice. */
function expectEachWindowOnce(windows: readonly ServedWindow[]): void {
  const keys = windows.map((w) => `${w.resource} ${w.from} ${w.to}`);
  expect(keys.length).toBeGreaterThanOrEqual(5);
  expect(new Set(keys).size).toBe(keys.length);
  expect(refetchedDays("creator", windows)).toEqual([]);
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
