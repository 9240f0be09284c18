import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { MemorySavedViewStore } from "@/lib/store/saved-view-store";
import { SqliteSavedViewStore } from "@/lib/store/sqlite-saved-view-store";
import { savedViewStoreBehaviour } from "../support/saved-view-store-behaviour";

// The contract every back-end keeps (tests/support, also run against PostgreSQL in
// tests/backends), then what only the SQLite file has.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-views-"));

savedViewStoreBehaviour("memory", () => new MemorySavedViewStore());
savedViewStoreBehaviour("sqlite", () => new SqliteSavedViewStore(path.join(dir, `v-${Math.random()}.sqlite`)));

it("keeps views across a restart (a new store on the same file), in an owner-only file", async () => {
  const file = path.join(dir, "restart.sqlite");
  const view = { id: "v1", account: "acct", name: "Weekly", report: "orders" as const, query: "preset=last_7_days&tz=UTC", createdAt: 5 };
  await new SqliteSavedViewStore(file).create(view);
  expect(await new SqliteSavedViewStore(file).list("acct")).toEqual([view]);
  expect(fs.statSync(file).mode & 0o077).toBe(0);
});
