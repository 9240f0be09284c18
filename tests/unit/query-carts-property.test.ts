import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, it } from "vitest";
import { SqliteCartFactStore } from "@/lib/store/sqlite-cart-fact-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { fillCartFactStore } from "../support/cart-facts-fixture";
import { fillFactStore } from "../support/purchase-facts-fixture";
import { cartsHoldToRecords } from "../support/cart-query-property";

// 100 random queries (filters with "none", "" and absent values, ranges, zones, granularities,
// comparisons, currency placements, a shown currency) over the sandbox's carts and purchases:
// the Abandonment view from the carts and purchases fact tables on SQLite is the view the records give.
let dir: string;
let store: SqliteCartFactStore;
let purchases: SqlitePurchaseFactStore;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-cart-facts-property-"));
  store = new SqliteCartFactStore(path.join(dir, "mirror.sqlite"));
  purchases = new SqlitePurchaseFactStore(path.join(dir, "mirror.sqlite"));
  await fillCartFactStore(store);
  await fillFactStore(purchases, "creator", "creator");
}, 60_000);
afterAll(async () => {
  await store?.close();
  await purchases?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it("the Abandonment view from the carts and purchases fact tables is the records' for 100 random queries", async () => {
  await cartsHoldToRecords(store, 100, purchases);
}, 240_000);
