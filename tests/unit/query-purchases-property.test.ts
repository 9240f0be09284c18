import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, it } from "vitest";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { fillFactStore } from "../support/purchase-facts-fixture";
import { holdsToRecordEngine } from "../support/purchase-query-property";

// 200 random queries (filters, ranges, zones, granularities, key types, currency placements)
// over the sandbox's purchases: the fact store on SQLite answers what the record engine does.
let dir: string;
let store: SqlitePurchaseFactStore;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-facts-property-"));
  store = new SqlitePurchaseFactStore(path.join(dir, "mirror.sqlite"));
  await fillFactStore(store, "creator", "creator");
  await fillFactStore(store, "affiliate", "affiliate");
});
afterAll(async () => {
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it("the fact store's purchases query answers the record engine's figures for 200 random queries", async () => {
  await holdsToRecordEngine(store, 200);
});
