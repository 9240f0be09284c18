import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { MemoryAlertStore, type AlertEpisode } from "@/lib/store/alert-store";
import { SqliteAlertStore } from "@/lib/store/sqlite-alert-store";
import { alertStoreBehaviour } from "../support/alert-store-behaviour";

// The contract every back-end keeps (tests/support, also run against PostgreSQL in
// tests/backends), then what only the SQLite file has.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-alerts-"));

alertStoreBehaviour("memory", () => new MemoryAlertStore());
alertStoreBehaviour("sqlite", () => new SqliteAlertStore(path.join(dir, `a-${Math.random()}.sqlite`)));

it("keeps rules and episodes across a restart, in an owner-only file", async () => {
  const file = path.join(dir, "restart.sqlite");
  const rule = { kind: "sales_drop", enabled: true, threshold: 30, timeZone: "America/Sao_Paulo" };
  const open: AlertEpisode = { id: "e1", account: "acct", kind: "sales_drop", subject: "brl", openedAt: 1_781_000_000_000, clearSince: null, resolvedAt: null, facts: '{"today":1}', lastFacts: '{"today":2}' };
  const store = new SqliteAlertStore(file);
  await store.setRule("acct", rule);
  await store.open(open);
  const again = new SqliteAlertStore(file);
  expect(await again.rules("acct")).toEqual([rule]);
  expect(await again.episodes("acct", { since: 0, limit: 10 })).toEqual([open]);
  expect(await again.open({ ...open, id: "e2" })).toEqual(open); // still the one open
  expect(fs.statSync(file).mode & 0o077).toBe(0);
});
