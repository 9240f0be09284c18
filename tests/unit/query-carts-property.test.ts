import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { SqliteCartFactStore } from "@/lib/store/sqlite-cart-fact-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { fillCartFactStore } from "../support/cart-facts-fixture";
import { fillFactStore } from "../support/purchase-facts-fixture";
import { cartsHoldToRecords } from "../support/cart-query-property";
import { bothAbandonmentViews } from "../support/cart-fact-store-behaviour";

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

it("with the purchases in another file than the carts (the embedded purchases on DuckDB), the carts' store makes no panel: each table's rows, the same view", async () => {
  const elsewhere = new SqlitePurchaseFactStore(path.join(dir, "purchases-elsewhere.sqlite"));
  try {
    await fillFactStore(elsewhere, "creator", "creator");
    const views = await bothAbandonmentViews(store, { from: "2026-05-01", to: "2026-05-31", timeZone: "America/Sao_Paulo", granularity: "day", filters: {}, currency: assumeCurrency(null) }, "previous", elsewhere, false);
    expect({ aggregated: views.aggregated, read: views.read, readPurchases: views.readPurchases }).toEqual({ aggregated: false, read: true, readPurchases: true });
    expect(views.fromFacts.totalCarts).toBeGreaterThan(0);
    expect(views.fromFacts).toEqual(views.fromRecords);
  } finally {
    await elsewhere.close();
  }
}, 120_000);
