import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CredentialVault, type VaultedCredential } from "@/lib/auth/credential-vault";
import { deriveVaultKey, seal } from "@/lib/store/vault-cipher";
import { SqliteVaultStore } from "@/lib/store/sqlite-vault-store";
import { MemoryVaultStore, type VaultStore } from "@/lib/store/vault-store";

const SECRET = "app-secret-for-tests-0123456789abcdef";
const T0 = 1_900_000_000_000;

const apiKeyCredential: VaultedCredential = { credential: { kind: "api-key", apiKey: "sk_live_VAULTTEST_0123456789" }, target: "production" };
const clientCredential: VaultedCredential = {
  credential: { kind: "client", clientId: "client-123", apiKey: "sk_live_CLIENTTEST_abcdef" },
  target: "staging",
};

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function sqliteStore(): VaultStore {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-credential-vault-"));
  tempDirs.push(dir);
  return new SqliteVaultStore(path.join(dir, "vault.sqlite"));
}

/** A store that lets the test see (and move) what the vault wrote. */
class RecordingStore extends MemoryVaultStore {
  readonly written = new Map<string, { sealed: string; expiresAt: number }>();
  override async put(ref: string, sealed: string, expiresAt: number): Promise<void> {
    this.written.set(ref, { sealed, expiresAt });
    return super.put(ref, sealed, expiresAt);
  }
}

function manualClock(start = T0) {
  let now = start;
  return { clock: () => now, advance: (ms: number) => void (now += ms), set: (ms: number) => void (now = ms) };
}

describe.each([
  ["a MemoryVaultStore", (): VaultStore => new MemoryVaultStore()],
  ["a SqliteVaultStore", sqliteStore],
])("CredentialVault over %s", (_name, makeStore) => {
  it("returns an opaque 43-character base64url reference (32 random bytes)", async () => {
    const vault = new CredentialVault(makeStore(), SECRET, () => T0);
    const ref = await vault.put(apiKeyCredential, 60_000);
    expect(ref).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(ref, "base64url").length).toBe(32);
    expect(ref).not.toContain(apiKeyCredential.credential.apiKey);
  });

  it.each([
    ["an api-key credential", apiKeyCredential],
    ["a client credential", clientCredential],
  ])("gives back %s and its target", async (_kind, value) => {
    const vault = new CredentialVault(makeStore(), SECRET, () => T0);
    const ref = await vault.put(value, 60_000);
    expect(await vault.get(ref)).toEqual(value);
  });

  it("keeps several entries apart", async () => {
    const vault = new CredentialVault(makeStore(), SECRET, () => T0);
    const a = await vault.put(apiKeyCredential, 60_000);
    const b = await vault.put(clientCredential, 60_000);
    expect(await vault.get(a)).toEqual(apiKeyCredential);
    expect(await vault.get(b)).toEqual(clientCredential);
  });

  it("expires an entry ttl milliseconds after put, by the injected clock", async () => {
    const time = manualClock();
    const vault = new CredentialVault(makeStore(), SECRET, time.clock);
    const ref = await vault.put(apiKeyCredential, 5_000);
    time.advance(4_999);
    expect(await vault.get(ref)).toEqual(apiKeyCredential);
    time.advance(1);
    expect(await vault.get(ref)).toBeUndefined();
  });

  it("counts the ttl from the clock at put time, not from the epoch or from construction", async () => {
    const time = manualClock(T0);
    const vault = new CredentialVault(makeStore(), SECRET, time.clock);
    time.set(T0 + 1_000_000);
    const ref = await vault.put(apiKeyCredential, 10_000);
    time.set(T0 + 1_000_000 + 9_999);
    expect(await vault.get(ref)).toEqual(apiKeyCredential);
    time.set(T0 + 1_000_000 + 10_000);
    expect(await vault.get(ref)).toBeUndefined();
  });

  it("forgets an entry on remove, and only that entry", async () => {
    const vault = new CredentialVault(makeStore(), SECRET, () => T0);
    const a = await vault.put(apiKeyCredential, 60_000);
    const b = await vault.put(clientCredential, 60_000);
    await vault.remove(a);
    expect(await vault.get(a)).toBeUndefined();
    expect(await vault.get(b)).toEqual(clientCredential);
  });

  it("gives undefined, not an error, to a vault with another secret on the same store", async () => {
    const store = makeStore();
    const ref = await new CredentialVault(store, SECRET, () => T0).put(apiKeyCredential, 60_000);
    const other = new CredentialVault(store, "a-different-secret-0123456789abcdef", () => T0);
    await expect(other.get(ref)).resolves.toBeUndefined();
    // The entry is still readable with the right secret: the failed read did not spoil it.
    expect(await new CredentialVault(store, SECRET, () => T0).get(ref)).toEqual(apiKeyCredential);
  });

  it("gives undefined for an unknown reference", async () => {
    const vault = new CredentialVault(makeStore(), SECRET, () => T0);
    await vault.put(apiKeyCredential, 60_000);
    await expect(vault.get("A".repeat(43))).resolves.toBeUndefined();
    await expect(vault.get("")).resolves.toBeUndefined();
  });
});

describe("CredentialVault against a tampered store", () => {
  it("seals what it stores: the store never sees the key or client id", async () => {
    const store = new RecordingStore();
    const vault = new CredentialVault(store, SECRET, () => T0);
    const ref = await vault.put(clientCredential, 60_000);
    const written = store.written.get(ref)!;
    expect(written.expiresAt).toBe(T0 + 60_000);
    expect(written.sealed).not.toContain(clientCredential.credential.apiKey);
    expect(written.sealed).not.toContain("client-123");
    expect(written.sealed).not.toContain("staging");
  });

  it("gives undefined for a sealed value moved to another reference", async () => {
    const store = new RecordingStore();
    const vault = new CredentialVault(store, SECRET, () => T0);
    const victim = await vault.put(clientCredential, 60_000);
    const attacker = await vault.put(apiKeyCredential, 60_000);
    // Overwrite the attacker's entry with the victim's sealed value.
    await store.put(attacker, store.written.get(victim)!.sealed, T0 + 60_000);
    await expect(vault.get(attacker)).resolves.toBeUndefined();
    expect(await vault.get(victim)).toEqual(clientCredential);
  });

  it("gives undefined for garbage in the store", async () => {
    const store = new MemoryVaultStore();
    const vault = new CredentialVault(store, SECRET, () => T0);
    await store.put("ref-garbage", "not-a-sealed-value", T0 + 60_000);
    await store.put("ref-empty-ish", "AAAA", T0 + 60_000);
    await expect(vault.get("ref-garbage")).resolves.toBeUndefined();
    await expect(vault.get("ref-empty-ish")).resolves.toBeUndefined();
  });

  it("gives undefined for a correctly sealed value that is not a vaulted credential", async () => {
    const store = new MemoryVaultStore();
    const vault = new CredentialVault(store, SECRET, () => T0);
    const key = deriveVaultKey(SECRET);
    const bad: Record<string, string> = {
      "ref-json": "not json",
      "ref-kind": JSON.stringify({ credential: { kind: "password", apiKey: "x" }, target: "production" }),
      "ref-target": JSON.stringify({ credential: { kind: "api-key", apiKey: "x" }, target: "elsewhere" }),
      "ref-client": JSON.stringify({ credential: { kind: "client", apiKey: "x" }, target: "production" }),
    };
    for (const [ref, plaintext] of Object.entries(bad)) await store.put(ref, seal(key, plaintext, ref), T0 + 60_000);
    for (const ref of Object.keys(bad)) await expect(vault.get(ref), ref).resolves.toBeUndefined();

    // The same sealing path with a valid value is read back, so the failures above are the schema's.
    await store.put("ref-ok", seal(key, JSON.stringify(apiKeyCredential), "ref-ok"), T0 + 60_000);
    expect(await vault.get("ref-ok")).toEqual(apiKeyCredential);
  });

  it("hands out unique references across many puts", async () => {
    const store = new MemoryVaultStore();
    const vault = new CredentialVault(store, SECRET, () => T0);
    const refs = await Promise.all(Array.from({ length: 2000 }, () => vault.put(apiKeyCredential, 60_000)));
    expect(new Set(refs).size).toBe(refs.length);
    expect(store.size()).toBe(refs.length);
  });
});
