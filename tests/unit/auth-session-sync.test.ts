// The account's background sync is started by sign-in and resumed by the server (issue #26,
// point 2): at start, and every 15 s, for every session the vault still holds, once per
// account; an entry vaulted without its key type waits for its next sign-in; a session that
// ends stops being a reason to sync.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, expect, it, vi } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-session-sync-"));
vi.stubEnv("AUTH_SECRET", "unit-test-secret-0123456789abcdef0123456789");
vi.stubEnv("SALESDASH_DATA_DIR", dir);
afterAll(() => {
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Started { apiKey: string; keyType: string; alive: () => Promise<boolean> }
const started = vi.hoisted(() => [] as Started[]);
vi.mock("@/lib/mirror/account-sync", () => ({
  // One sync per account, as the real one keeps it: the account is the key.
  ensureAccountSync: (input: { credential: { apiKey: string }; keyType: string; alive: () => Promise<boolean> }) => {
    started.push({ apiKey: input.credential.apiKey, keyType: input.keyType, alive: input.alive });
    return `account:${input.credential.apiKey}`;
  },
}));

const { getCredentialVault } = await import("@/lib/auth/credential-vault");
const { resumeSessionSyncs, superviseSessionSyncs } = await import("@/lib/auth/session-sync");

beforeEach(() => void (started.length = 0));

it("starts the sync of each account a held session belongs to, with the session's key type, and ties it to the session", async () => {
  const vault = getCredentialVault();
  const one = await vault.put({ credential: { kind: "api-key", apiKey: "sak_one" }, target: "production", keyType: "creator" }, 60_000);
  await vault.put({ credential: { kind: "api-key", apiKey: "sak_one" }, target: "production", keyType: "creator" }, 60_000);
  await vault.put({ credential: { kind: "client", clientId: "c", apiKey: "sak_two" }, target: "production", keyType: "affiliate" }, 60_000);
  // Vaulted before the server resumed syncs: its key type is unknown, its sign-in will start it.
  await vault.put({ credential: { kind: "api-key", apiKey: "sak_old" }, target: "production" }, 60_000);

  expect(await resumeSessionSyncs()).toBe(2);
  expect(started.map((s) => `${s.apiKey} ${s.keyType}`).sort()).toEqual(["sak_one creator", "sak_one creator", "sak_two affiliate"]);
  await vault.remove(one);
  const [aliveOne, aliveOther] = await Promise.all(started.filter((s) => s.apiKey === "sak_one").map((s) => s.alive()));
  // The session that ended is no reason to sync; the other session of the account still is.
  expect([aliveOne, aliveOther].sort()).toEqual([false, true]);
});

it("looks again on its own schedule, until stopped", async () => {
  vi.useFakeTimers();
  try {
    const stop = superviseSessionSyncs(30_000);
    await vi.advanceTimersByTimeAsync(0);
    const atStart = started.length;
    expect(atStart).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(started.length).toBe(2 * atStart);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(started.length).toBe(2 * atStart);
  } finally {
    vi.useRealTimers();
  }
});
