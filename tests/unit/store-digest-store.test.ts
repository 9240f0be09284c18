import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { MemoryDigestStore } from "@/lib/store/digest-store";
import { SqliteDigestStore } from "@/lib/store/sqlite-digest-store";
import { digestStoreBehaviour } from "../support/digest-store-behaviour";

// The contract every back-end keeps (tests/support, also run against PostgreSQL in
// tests/backends), then what only the SQLite file has.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-digests-"));

digestStoreBehaviour("memory", () => new MemoryDigestStore());
digestStoreBehaviour("sqlite", () => new SqliteDigestStore(path.join(dir, `d-${Math.random()}.sqlite`)));

it("keeps subscriptions and sends across a restart, in an owner-only file", async () => {
  const file = path.join(dir, "restart.sqlite");
  const s = { id: "d1", account: "acct", sealedAddress: Buffer.from("sealed"), addressKey: "k", cadence: "daily" as const, locale: "en", timeZone: "UTC", keyType: "creator" as const, createdAt: 5, confirmedAt: 6 };
  const store = new SqliteDigestStore(file);
  await store.create(s);
  expect(await store.claimSend(s, "daily:2026-06-14", 7, 0)).toBe(true);
  const again = new SqliteDigestStore(file);
  expect(await again.list("acct")).toEqual([s]);
  expect(await again.claimSend(s, "daily:2026-06-14", 8, 0)).toBe(false);
  expect(fs.statSync(file).mode & 0o077).toBe(0);
});
