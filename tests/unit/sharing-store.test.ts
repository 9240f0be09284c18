import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { MemoryShareLinkStore } from "@/lib/store/share-link-store";
import { SqliteShareLinkStore } from "@/lib/store/sqlite-share-link-store";
import { shareLinkRow, shareLinkStoreBehaviour } from "../support/share-link-store-behaviour";

// The contract every share link store keeps (tests/support, also run against PostgreSQL in
// tests/backends), then what only the SQLite file has.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-share-"));

shareLinkStoreBehaviour("memory", () => new MemoryShareLinkStore());
shareLinkStoreBehaviour("sqlite", () => new SqliteShareLinkStore(path.join(dir, `s-${Math.random()}.sqlite`)));

it("keeps links and their password tries across a restart (a new store on the same file), in an owner-only file", async () => {
  const file = path.join(dir, "restart.sqlite");
  const first = new SqliteShareLinkStore(file);
  await first.insert(shareLinkRow({ id: "l1" }));
  await first.recordFailedTry("l1", 0, { maxTries: 10, lockMs: 1 });
  expect(await new SqliteShareLinkStore(file).findByTokenHash("hash-l1")).toMatchObject({ id: "l1", failedTries: 1 });
  expect(fs.statSync(file).mode & 0o077).toBe(0);
});
