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

interface Started { apiKey: string; keyType: string; alive: () => Promise<boolean>; onRefused: (client: { identity: string }, at: number) => Promise<void> }
const started = vi.hoisted(() => [] as Started[]);
const judged = vi.hoisted(() => [] as Array<{ account: string; refused: boolean; keyKept: boolean }>);
const mail = vi.hoisted(() => ({ storeAway: false }));
vi.mock("@/lib/mirror/account-sync", () => ({
  // One sync per account, as the real one keeps it: the account is the key.
  ensureAccountSync: (input: Omit<Started, "apiKey"> & { credential: { apiKey: string } }) => {
    started.push({ apiKey: input.credential.apiKey, keyType: input.keyType, alive: input.alive, onRefused: input.onRefused });
    return `account:${input.credential.apiKey}`;
  },
}));
vi.mock("@/lib/alerts/due-alerts", () => ({
  // What the vault held when the alert was judged: the kept key is deleted before.
  runDueAlerts: async (client: { identity: string }, _keyType: string, _at: number, options: { refused?: boolean }) => {
    const { keptKeySince } = await import("@/lib/auth/kept-key");
    judged.push({ account: client.identity, refused: options.refused === true, keyKept: (await keptKeySince(client.identity)) !== null });
  },
}));
// A mail set-up whose store can be away: the notice fails, the alert is judged all the same.
vi.mock("@/lib/digests/due-digests", () => ({
  getDigestSender: () => ({
    store: { list: async () => (mail.storeAway ? Promise.reject(new Error("store away")) : []) },
    mailer: { send: async () => undefined, close: () => undefined },
    keys: {},
    baseUrl: "https://dash.example",
  }),
  overviewFacts: () => ({}),
}));

const { getCredentialVault } = await import("@/lib/auth/credential-vault");
const { resumeSessionSyncs, superviseSessionSyncs } = await import("@/lib/auth/session-sync");
const { keepKey, keptKeySince } = await import("@/lib/auth/kept-key");

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

it("starts the sync of an account whose key is kept while none of its sessions lasts, until the key is refused (issue #27, point 5)", async () => {
  const vault = getCredentialVault();
  for (const { ref } of await vault.live()) await vault.remove(ref);
  const session = await vault.put({ credential: { kind: "api-key", apiKey: "sak_kept" }, target: "production", keyType: "affiliate" }, 60_000);
  expect(await keepKey("account:sak_kept", session, 1, vault)).toBe(true);
  await vault.remove(session);

  expect(await resumeSessionSyncs()).toBe(1);
  expect(started.map((s) => `${s.apiKey} ${s.keyType}`)).toEqual(["sak_kept affiliate"]);
  const [sync] = started;
  expect(await sync!.alive()).toBe(true);
  // The upstream refuses it: the kept key is deleted before the alert that says so is judged, and nothing starts its sync again.
  await sync!.onRefused({ identity: "account:sak_kept" }, 2);
  expect(await keptKeySince("account:sak_kept")).toBeNull();
  expect(judged).toEqual([{ account: "account:sak_kept", refused: true, keyKept: false }]);
  expect(await sync!.alive()).toBe(false);
  started.length = 0;
  expect(await resumeSessionSyncs()).toBe(0);
  expect(started).toEqual([]);
});

it("judges the key-refused alert even when the kept key's notice fails (its store away)", async () => {
  const vault = getCredentialVault();
  const session = await vault.put({ credential: { kind: "api-key", apiKey: "sak_kept_2" }, target: "production", keyType: "creator" }, 60_000);
  await keepKey("account:sak_kept_2", session, 1, vault);
  await resumeSessionSyncs();
  const sync = started.find((s) => s.apiKey === "sak_kept_2")!;
  judged.length = 0;
  mail.storeAway = true;
  try {
    await expect(sync.onRefused({ identity: "account:sak_kept_2" }, 2)).rejects.toThrow("store away");
  } finally {
    mail.storeAway = false;
  }
  expect(await keptKeySince("account:sak_kept_2")).toBeNull();
  expect(judged).toEqual([{ account: "account:sak_kept_2", refused: true, keyKept: false }]);
  await vault.remove(session);
});

it("looks again on its own schedule, until stopped", async () => {
  // Its own session: the test holds whatever the others left.
  await getCredentialVault().put({ credential: { kind: "api-key", apiKey: "sak_watched" }, target: "production", keyType: "creator" }, 3_600_000);
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
