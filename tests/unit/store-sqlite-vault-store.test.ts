import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { CredentialVault } from "@/lib/auth/credential-vault";
import { SqliteVaultStore } from "@/lib/store/sqlite-vault-store";

// SQLite-only behaviour of the vault store. The put/get/delete/expiry contract shared with
// MemoryVaultStore is in store-vault-store.test.ts.
const T0 = 1_900_000_000_000;
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-sqlite-vault-"));
  tempDirs.push(dir);
  return dir;
}

function mode(file: string): number {
  return fs.statSync(file).mode & 0o777;
}

/** Every byte of the database, its WAL and its shared-memory file. */
function allBytes(dir: string): Buffer {
  return Buffer.concat(fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name))));
}

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

// File modes depend on the umask; pin the common default so that results do not depend on
// the machine (vitest runs unit files in child processes, where umask can be set).
let previousUmask: number;
beforeEach(() => {
  previousUmask = process.umask(0o022);
});
afterEach(() => {
  process.umask(previousUmask);
});

describe("SqliteVaultStore on disk", () => {
  it("creates the database file with mode 0600", () => {
    const file = path.join(tempDir(), "vault.sqlite");
    new SqliteVaultStore(file);
    expect(fs.existsSync(file)).toBe(true);
    expect(mode(file)).toBe(0o600);
  });

  it("tightens an existing, world-readable database file to 0600", () => {
    const file = path.join(tempDir(), "vault.sqlite");
    new SqliteVaultStore(file);
    fs.chmodSync(file, 0o644);
    new SqliteVaultStore(file);
    expect(mode(file)).toBe(0o600);
  });

  // Regression guard, once a bug (lib/store/sqlite-vault-store.ts:14-17): the database is opened (with the umask's
  // 0644) and switched to WAL before line 17 chmods it, so SQLite has already created
  // vault.sqlite-wal and vault.sqlite-shm as 0644: the sealed rows and their references sit
  // world-readable in the WAL until a checkpoint.
  it("keeps the WAL and shared-memory files 0600 too", async () => {
    const dir = tempDir();
    const store = new SqliteVaultStore(path.join(dir, "vault.sqlite"));
    await store.put("ref-1", "sealed-1", T0 + 1000);
    const files = fs.readdirSync(dir);
    expect(files).toEqual(expect.arrayContaining(["vault.sqlite", "vault.sqlite-wal", "vault.sqlite-shm"]));
    for (const name of files) expect({ name, mode: mode(path.join(dir, name)) }).toEqual({ name, mode: 0o600 });
  });

  it("creates missing parent directories", async () => {
    const file = path.join(tempDir(), "nested", "deeper", "vault.sqlite");
    const store = new SqliteVaultStore(file);
    await store.put("ref-1", "sealed-1", T0 + 1000);
    expect(await store.get("ref-1", T0)).toBe("sealed-1");
  });

  it("keeps entries across instances on the same file (a restart)", async () => {
    const file = path.join(tempDir(), "vault.sqlite");
    await new SqliteVaultStore(file).put("ref-1", "sealed-1", T0 + 1000);
    const reopened = new SqliteVaultStore(file);
    expect(await reopened.get("ref-1", T0)).toBe("sealed-1");
    expect(await reopened.get("ref-1", T0 + 1000)).toBeUndefined();
  });

  it("removes expired rows from the file when read, not only hides them", async () => {
    const file = path.join(tempDir(), "vault.sqlite");
    const store = new SqliteVaultStore(file);
    await store.put("old", "sealed-old", T0 + 10);
    await store.put("fresh", "sealed-fresh", T0 + 10_000);
    await store.get("fresh", T0 + 10);
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare("SELECT ref FROM vault ORDER BY ref").all()).toEqual([{ ref: "fresh" }]);
    } finally {
      db.close();
    }
  });

  it("actually deletes a row on delete", async () => {
    const file = path.join(tempDir(), "vault.sqlite");
    const store = new SqliteVaultStore(file);
    await store.put("ref-1", "sealed-1", T0 + 1000);
    await store.delete("ref-1");
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare("SELECT COUNT(*) AS n FROM vault").get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});

describe("SqliteVaultStore behind CredentialVault", () => {
  const apiKey = "sk_live_RAWBYTESCHECK_0123456789abcdefXYZ";
  const clientId = "client-RAWBYTES-42";

  it("never writes the plaintext credential to disk (database, WAL or SHM)", async () => {
    const dir = tempDir();
    const file = path.join(dir, "vault.sqlite");
    const vault = new CredentialVault(new SqliteVaultStore(file), "app-secret-for-tests-0123456789abcdef", () => T0);
    const refs = [
      await vault.put({ credential: { kind: "api-key", apiKey }, target: "production" }, 60_000),
      await vault.put({ credential: { kind: "client", clientId, apiKey }, target: "staging" }, 60_000),
    ];
    expect(await vault.get(refs[0]!)).toEqual({ credential: { kind: "api-key", apiKey }, target: "production" });

    const check = (bytes: Buffer) => {
      // The references are stored in clear: finding them proves these are the right bytes.
      for (const ref of refs) expect(bytes.includes(Buffer.from(ref))).toBe(true);
      for (const secret of [apiKey, clientId, apiKey.slice(8, 28)]) {
        expect(bytes.includes(Buffer.from(secret, "utf8"))).toBe(false);
        expect(bytes.includes(Buffer.from(secret, "utf16le"))).toBe(false);
        expect(bytes.includes(Buffer.from(Buffer.from(secret).toString("base64url").slice(0, 16)))).toBe(false);
      }
    };
    check(allBytes(dir));

    // And after the WAL has been folded into the main file.
    const db = new Database(file);
    try {
      db.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      db.close();
    }
    check(fs.readFileSync(file));
    check(allBytes(dir));
  });
});
