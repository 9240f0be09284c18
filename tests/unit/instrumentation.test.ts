import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The server's start (instrumentation.ts): Next answers no request before register() returns,
// and register() returns once the worker threads have built their stores (the fact stores', the
// payout calendar's), so that no first report after a restart waits for them; a thread that
// fails or never gets ready does not keep the server shut. The modules it starts are stand-ins.
const started = vi.hoisted(() => {
  const gate = () => {
    let open!: () => void;
    let fail!: (error: Error) => void;
    const promise = new Promise<void>((resolve, reject) => ((open = resolve), (fail = reject)));
    return { promise, open, fail };
  };
  return { gate, facts: gate(), payouts: gate(), syncs: 0, jobs: 0 };
});
vi.mock("@/lib/http/peer-address", () => ({ stampPeerAddresses: () => undefined }));
vi.mock("@/lib/store/prepare-shared-backends", () => ({ prepareSharedBackends: async () => undefined, SharedBackendStartError: class extends Error {} }));
vi.mock("@/lib/store/app-stores", () => ({ warmFactStores: () => started.facts.promise }));
vi.mock("@/lib/reports/server/payouts-kept", () => ({ warmPayoutsView: () => started.payouts.promise }));
vi.mock("@/lib/auth/session-sync", () => ({ superviseSessionSyncs: () => void started.syncs++ }));
vi.mock("@/lib/jobs/server-jobs", () => ({ startServerJobs: async () => void started.jobs++ }));

const { register } = await import("../../instrumentation");

/** Whether `promise` has settled once the microtasks and a few turns of the loop have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe("the server's start", () => {
  const env = { ...process.env };
  beforeEach(() => {
    process.env.NEXT_RUNTIME = "nodejs";
    process.env.AUTH_SECRET = "instrumentation-test-secret";
    started.facts = started.gate();
    started.payouts = started.gate();
    started.syncs = 0;
    started.jobs = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    process.env = { ...env };
  });

  it("answers only once both worker threads are ready, then resumes the syncs and starts the jobs", async () => {
    const registering = register();
    expect(await settled(registering)).toBe(false);
    started.facts.open();
    expect(await settled(registering)).toBe(false);
    expect(started.syncs).toBe(0);
    started.payouts.open();
    await registering;
    expect(started.syncs).toBe(1);
    expect(started.jobs).toBe(1);
  });

  it("answers when a thread failed to start: its store's calls say so", async () => {
    const registering = register();
    started.facts.fail(new Error("the thread could not start"));
    started.payouts.open();
    await expect(registering).resolves.toBeUndefined();
    expect(started.syncs).toBe(1);
  });

  it("answers after a bounded wait when a thread never gets ready", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const registering = register();
    expect(await settled(registering)).toBe(false);
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(registering).resolves.toBeUndefined();
    expect(started.syncs).toBe(1);
  });
});
