import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getServerEnv } from "@/lib/env";
import { getSyncStatus } from "@/lib/mirror/account-sync";
import { getProcessState } from "@/lib/store/process-state";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { mirrorSandbox } from "../support/mirror-sandbox";
import { again, expectMirrorEqualsTruth, firstDay, NOW_MS, refetchedDays, requestsOf, resetProcessState, SECRET, servedWindows, startSync, stopAccountSync, tempDataDir, recordingTransport, waitFor, waitForPassEnd } from "../support/mirror-sync";

// A server restarted in the middle of a sync loses nothing it finished: the new process
// opens the same mirror file, with a fresh process state (rate log, caches, syncs), and
// fetches only what was left. Across both runs, no day of any resource is fetched twice.
const DAYS = 200; // three chunks of up to 90 days, five resources: fifteen chunks

const sandbox = mirrorSandbox({ resetEach: true });
beforeAll(() => {
  // As in production: the identity (the mirror's account id) is keyed by AUTH_SECRET, so it
  // survives a restart. Without it, each process keys identities with a random key of its own.
  // The environment is read once per process: nothing read it before this point.
  expect(getServerEnv().AUTH_SECRET).toBe(SECRET);
});

async function stopped(account: string): Promise<void> {
  await waitFor(async () => !getProcessState().syncs.has(account), "the sync to stop");
}

describe("a restart mid-sync", () => {
  it("between two chunks (the session ended): the next process fetches only the chunks left", async () => {
    const file = path.join(tempDataDir(), "mirror.sqlite");
    const first = new SqliteMirrorStore(file);
    // `alive` is asked once before the pass and once before each chunk: 7 chunks run, then it stops.
    let asked = 0;
    const account = startSync(sandbox.sb, "creator", first, { days: DAYS, alive: async () => ++asked <= 1 + 7 });
    await stopped(account);
    const midway = await getSyncStatus(account, "creator", { store: first, clock: () => NOW_MS, days: DAYS });
    expect(midway.passEndedAt).toBeNull();
    expect(midway.synced).toBeGreaterThan(0);
    expect(midway.synced).toBeLessThan(DAYS);
    const firstRun = await requestsOf(sandbox.sb, "creator");
    expect(firstRun).toBeGreaterThan(0);
    await first.close();

    resetProcessState();
    const second = new SqliteMirrorStore(file);
    expect(startSync(sandbox.sb, "creator", second, { days: DAYS })).toBe(account);
    expect((await waitForPassEnd(account, "creator", second, DAYS)).synced).toBe(DAYS);
    await stopAccountSync(account);
    expect(await requestsOf(sandbox.sb, "creator")).toBeGreaterThan(firstRun);

    expect(refetchedDays("creator", await servedWindows(sandbox.sb, "creator"))).toEqual([]);
    await expectMirrorEqualsTruth(sandbox.sb, "creator", second, firstDay(DAYS), "2026-06-15");
    await second.close();
  });

  it("in the middle of a chunk (the process stopped with windows in flight): only those windows are fetched again", async () => {
    // Slow answers, so that the stop lands while windows are in flight.
    await again(() => sandbox.sb.controls({ latencyMs: 150 }));
    const file = path.join(tempDataDir(), "mirror.sqlite");
    const first = new SqliteMirrorStore(file);
    // Which windows of the first run reached the client: a window the sandbox answered but the
    // stopped client never received is fetched again, rightly.
    const recording = recordingTransport(sandbox.sb);
    const account = startSync(sandbox.sb, "creator", first, { days: DAYS, transport: recording.transport });
    await waitFor(async () => (await requestsOf(sandbox.sb, "creator")) >= 6, "six requests of the first run");
    await stopAccountSync(account);
    // Let answers that arrived as it stopped be written (the file is closed next).
    await new Promise((r) => setTimeout(r, 300));
    const midway = await getSyncStatus(account, "creator", { store: first, clock: () => NOW_MS, days: DAYS });
    expect(midway.passEndedAt).toBeNull();
    expect(midway.synced).toBeLessThan(DAYS);
    await first.close();
    const firstRunEnded = Date.now();
    await again(() => sandbox.sb.controls({ latencyMs: 0 }));

    resetProcessState();
    const second = new SqliteMirrorStore(file);
    startSync(sandbox.sb, "creator", second, { days: DAYS });
    await waitForPassEnd(account, "creator", second, DAYS);
    await stopAccountSync(account);

    const windows = await servedWindows(sandbox.sb, "creator");
    const firstRun = windows.filter((w) => w.t < firstRunEnded);
    expect(firstRun.length).toBeGreaterThanOrEqual(6);
    expect(windows.length).toBeGreaterThan(firstRun.length);
    const inFlight = (w: (typeof windows)[number]) => firstRun.includes(w) && !recording.reached(w);
    expect(refetchedDays("creator", windows, inFlight)).toEqual([]);
    await expectMirrorEqualsTruth(sandbox.sb, "creator", second, firstDay(DAYS), "2026-06-15");
    await second.close();
  });
});
