import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, it } from "vitest";
import { SqliteOrderFactStore } from "@/lib/store/sqlite-order-fact-store";
import { fillOrderFactStore } from "../support/order-facts-fixture";
import { ordersHoldToRecords } from "../support/order-query-property";

// 150 random queries (filters with "none", "" and absent values, ranges, zones, granularities,
// comparisons, currency placements, a shown currency) over the sandbox's orders: the Orders
// view from the fact table on SQLite is the view the records give.
let dir: string;
let store: SqliteOrderFactStore;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-order-facts-property-"));
  store = new SqliteOrderFactStore(path.join(dir, "mirror.sqlite"));
  await fillOrderFactStore(store);
});
afterAll(async () => {
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it("the Orders view from the fact table is the records' for 150 random queries", async () => {
  await ordersHoldToRecords(store, 150);
}, 120_000);
