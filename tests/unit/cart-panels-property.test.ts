import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, it } from "vitest";
import { SqliteCartFactStore } from "@/lib/store/sqlite-cart-fact-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { cartPanelsHoldToRows } from "../support/cart-panels-property";

// 150 draws of random carts and purchases in one SQLite file: each Abandonment panel the carts
// store aggregates is the record engine's panel of the same rows (tests/support/cart-panels-property.ts).
let dir: string;
let carts: SqliteCartFactStore;
let purchases: SqlitePurchaseFactStore;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-cart-panels-"));
  carts = new SqliteCartFactStore(path.join(dir, "mirror.sqlite"));
  purchases = new SqlitePurchaseFactStore(path.join(dir, "mirror.sqlite"));
});
afterAll(async () => {
  await carts?.close();
  await purchases?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it("each panel aggregated by the SQLite carts store is the record engine's, over 150 draws of random carts and purchases", async () => {
  await cartPanelsHoldToRows(carts, purchases, 150);
}, 240_000);
