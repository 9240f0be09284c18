// The sign-in throttle (issue #24, point 11): consecutive refusals per client address and per
// credential fingerprint, checked before anything goes upstream, and the right key working at
// once when the wait is over. The clock is Vitest's: no test waits on the wall clock.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const env = { AUTH_SECRET: "unit-test-secret-0123456789abcdef0123456789", SALESDASH_SIGN_IN_WAIT_SECONDS: 60, SESSION_MAX_AGE_SECONDS: 3600, SALES_API_STAGING_BASE_URL: undefined };
const verifyCredential = vi.fn();
const vaultPut = vi.fn();
vi.mock("@/lib/env", () => ({ getServerEnv: () => env }));
// No Redis: the throttle in memory, kept for the "process" as the real processShared keeps it.
const shared = vi.hoisted(() => new Map<string, unknown>());
vi.mock("@/lib/store/process-state", () => ({
  getProcessState: () => ({ shared }),
  processShared: (name: string, make: () => unknown) => (shared.has(name) ? shared.get(name) : shared.set(name, make()).get(name)),
}));
vi.mock("@/lib/auth/verify-credential", () => ({ verifyCredential: (...a: unknown[]) => verifyCredential(...a) }));
vi.mock("@/lib/auth/credential-vault", () => ({ getCredentialVault: () => ({ put: (...a: unknown[]) => vaultPut(...a) }) }));
vi.mock("@/lib/auth/session-sync", () => ({ startSessionSync: () => undefined }));

const { createSignInThrottle, credentialFingerprint, FAILURES_PER_ADDRESS, FAILURES_PER_CREDENTIAL } = await import("@/lib/auth/sign-in-throttle");
const { signInWithCredential } = await import("@/lib/auth/sign-in-credential");
const { StorageUnavailableError } = await import("@/lib/store/storage-unavailable");
const { setLogSink } = await import("@/lib/log/server-log");

const RIGHT = "sak_right0000000000000000000001";
const wrong = (i: number) => `sak_wrong${String(i).padStart(22, "0")}`;
const refused = { ok: false, reason: "invalid_token", message: "This credential was not accepted." };
const accepted = { ok: true, credential: { kind: "key", apiKey: RIGHT }, keyType: "creator" };

let logs: string[] = [];
beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 5, 15, 12) });
  vi.clearAllMocks();
  verifyCredential.mockImplementation(async ({ apiKey }: { apiKey: string }) => (apiKey === RIGHT ? accepted : refused));
  vaultPut.mockResolvedValue("vault-ref");
  logs = [];
  setLogSink((line) => logs.push(line));
  // Each test its own process-wide throttle.
  shared.delete("sign-in-throttle");
});
afterEach(() => {
  vi.useRealTimers();
});

describe("createSignInThrottle", () => {
  it("lets FAILURES_PER_ADDRESS refusals through from one address, then answers the wait without trying", async () => {
    const throttle = createSignInThrottle({ waitSeconds: 30 });
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
      const attempt = await throttle.begin("203.0.113.7", `fp-${i}`);
      expect(attempt.ok).toBe(true);
      if (attempt.ok) await attempt.settle("refused");
    }
    expect(await throttle.begin("203.0.113.7", "fp-next")).toEqual({ ok: false, scope: "address", retryAfterSeconds: 30 });
    // Another address is not held back by this one's failures.
    expect((await throttle.begin("198.51.100.2", "fp-other")).ok).toBe(true);
  });

  it("counts consecutive failures: a success clears both counters", async () => {
    const throttle = createSignInThrottle({ waitSeconds: 30 });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < FAILURES_PER_ADDRESS - 1; i++) {
        const attempt = await throttle.begin("203.0.113.7", `fp-${round}-${i}`);
        expect(attempt.ok).toBe(true);
        if (attempt.ok) await attempt.settle("refused");
      }
      const right = await throttle.begin("203.0.113.7", "fp-right");
      expect(right.ok).toBe(true);
      if (right.ok) await right.settle("success");
    }
  });

  it("does not count outcomes that are not the credential's (the upstream away, a key refused locally)", async () => {
    const throttle = createSignInThrottle({ waitSeconds: 30 });
    for (let i = 0; i < FAILURES_PER_ADDRESS * 3; i++) {
      const attempt = await throttle.begin("203.0.113.7", "fp-same");
      expect(attempt.ok).toBe(true);
      if (attempt.ok) await attempt.settle("other");
    }
  });

  it("throttles one credential tried from many addresses after FAILURES_PER_CREDENTIAL refusals", async () => {
    const throttle = createSignInThrottle({ waitSeconds: 45 });
    for (let i = 0; i < FAILURES_PER_CREDENTIAL; i++) {
      const attempt = await throttle.begin(`203.0.113.${i}`, "fp-target");
      expect(attempt.ok).toBe(true);
      if (attempt.ok) await attempt.settle("refused");
    }
    expect(await throttle.begin("198.51.100.9", "fp-target")).toEqual({ ok: false, scope: "credential", retryAfterSeconds: 45 });
    // That refusal cost the new address nothing: it still has all its attempts.
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
      const attempt = await throttle.begin("198.51.100.9", `fp-${i}`);
      expect(attempt.ok).toBe(true);
      if (attempt.ok) await attempt.settle("refused");
    }
  });

  it("holds against a burst: of 100 concurrent attempts only FAILURES_PER_ADDRESS are let through", async () => {
    const throttle = createSignInThrottle({ waitSeconds: 30 });
    const attempts = await Promise.all(Array.from({ length: 100 }, (_, i) => throttle.begin("203.0.113.7", `fp-${i}`)));
    expect(attempts.filter((a) => a.ok)).toHaveLength(FAILURES_PER_ADDRESS);
  });

  it("says the wait that is left, and lets the next attempt through once it is over", async () => {
    const throttle = createSignInThrottle({ waitSeconds: 60 });
    for (let i = 0; i <= FAILURES_PER_ADDRESS; i++) {
      const attempt = await throttle.begin("203.0.113.7", `fp-${i}`);
      if (attempt.ok) await attempt.settle("refused");
    }
    vi.advanceTimersByTime(45_000);
    expect(await throttle.begin("203.0.113.7", "fp-x")).toMatchObject({ ok: false, retryAfterSeconds: 15 });
    vi.advanceTimersByTime(15_000);
    expect((await throttle.begin("203.0.113.7", "fp-x")).ok).toBe(true);
  });
});

describe("credentialFingerprint", () => {
  it("never holds the key in clear, and differs with the secret", () => {
    const fp = credentialFingerprint({ apiKey: RIGHT }, "secret-one-0123456789abcdef0123456789");
    expect(fp).not.toContain(RIGHT);
    expect(fp).not.toContain(RIGHT.slice(-8));
    expect(fp).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(credentialFingerprint({ apiKey: RIGHT }, "secret-two-0123456789abcdef0123456789")).not.toBe(fp);
  });

  it("names a Flow B credential by its client ID (what a guess of its key is aimed at)", () => {
    const secret = "secret-one-0123456789abcdef0123456789";
    expect(credentialFingerprint({ clientId: "cid_1", apiKey: wrong(1) }, secret)).toBe(credentialFingerprint({ clientId: "cid_1", apiKey: wrong(2) }, secret));
    expect(credentialFingerprint({ apiKey: wrong(1) }, secret)).not.toBe(credentialFingerprint({ apiKey: wrong(2) }, secret));
  });
});

describe("signInWithCredential under the throttle", () => {
  it("sends nothing upstream while throttled, words the wait, and takes the right key at once when it is over", async () => {
    let throttled = 0;
    for (let i = 0; i < 100; i++) {
      const result = await signInWithCredential({ apiKey: wrong(i) }, "203.0.113.7");
      if (!result.ok && result.code === "throttled") {
        throttled++;
        expect(result.message).toBe("Too many sign-ins with a wrong credential. For your account's safety, wait 60 seconds before trying again.");
        expect(result.failure).toMatchObject({ reason: "throttled", values: { seconds: 60 } });
        expect(result.message).not.toContain(wrong(i));
      }
    }
    expect(verifyCredential).toHaveBeenCalledTimes(FAILURES_PER_ADDRESS);
    expect(throttled).toBe(100 - FAILURES_PER_ADDRESS);
    const logged = logs.filter((line) => line.includes('"event":"sign_in_throttled"'));
    expect(logged).toHaveLength(throttled);
    expect(logged.join("\n")).not.toMatch(/203\.0\.113\.7|sak_/);
    // The right key during the wait is not tried either.
    expect(await signInWithCredential({ apiKey: RIGHT }, "203.0.113.7")).toMatchObject({ ok: false, code: "throttled" });
    expect(verifyCredential).toHaveBeenCalledTimes(FAILURES_PER_ADDRESS);
    vi.advanceTimersByTime(60_000);
    expect(await signInWithCredential({ apiKey: RIGHT }, "203.0.113.7")).toMatchObject({ ok: true, account: { vaultRef: "vault-ref" } });
  });

  it("says \"storage unavailable\" with a logged reference when the rate budget's Redis is away, and does not count it", async () => {
    verifyCredential.mockRejectedValue(new StorageUnavailableError("redis", new Error("connect ECONNREFUSED 127.0.0.1:6379")));
    for (let i = 0; i < FAILURES_PER_ADDRESS + 2; i++) {
      const result = await signInWithCredential({ apiKey: RIGHT }, "203.0.113.7");
      expect(result).toMatchObject({ ok: false, code: "storage_unavailable", message: expect.stringMatching(/^Storage unavailable: .*\(reference [\w-]+\)\.$/) });
      const reference = (result as { reference: string }).reference;
      expect(logs.some((line) => line.includes('"event":"sign_in_storage_unavailable"') && line.includes(reference))).toBe(true);
    }
    expect(logs.join("\n")).not.toContain("6379");
  });
});
