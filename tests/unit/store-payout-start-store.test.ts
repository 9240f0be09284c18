import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { SqlitePayoutStartStore } from "@/lib/store/sqlite-payout-start-store";
import { payoutStartStoreBehaviour } from "../support/payout-start-store-behaviour";

// The contract every back-end keeps (tests/support, also run against PostgreSQL in
// tests/backends), then what only the SQLite file has.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-payout-starts-"));

payoutStartStoreBehaviour("sqlite", () => new SqlitePayoutStartStore(path.join(dir, `s-${Math.random()}.sqlite`)));

it("keeps the starts across a restart (a new store on the same file), in an owner-only file", async () => {
  const file = path.join(dir, "restart.sqlite");
  const first = new SqlitePayoutStartStore(file);
  await first.write("acct", [{ key: "k", bytes: Uint8Array.from([4, 5]) }], 1);
  await first.close();
  const again = new SqlitePayoutStartStore(file);
  expect(await again.read("acct", ["k"])).toEqual([Uint8Array.from([4, 5])]);
  await again.close();
  expect(fs.statSync(file).mode & 0o077).toBe(0);
});
