import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, it } from "vitest";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { fillFactStore } from "../support/purchase-facts-fixture";
import { refundsViewHoldsToRecords } from "../support/refunds-view-property";
import { storeEmptyDaysBefore } from "../support/affiliate-facts-fixture";

// 100 random Refunds reports dated by sale, and 100 by request (ranges, zones, filters, comparisons, currency
// placements, key types, endpoints answering or not) over the sandbox's purchases: the view from
// the fact table on SQLite, in its worker thread as the app opens it, is the records' view.
let dir: string;
let store: PurchaseFactStore;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-refunds-property-"));
  store = openWorkerPurchaseFactStore(path.join(dir, "mirror.sqlite"));
  await fillFactStore(store, "creator", "creator");
  await storeEmptyDaysBefore(store, "creator", 400);
});
afterAll(async () => {
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it("the Refunds view dated by sale from the fact table is the records' view for 100 random reports", async () => {
  await refundsViewHoldsToRecords(store, 100);
});

it("the Refunds view dated by request from the fact table is the records' view for 100 random reports", async () => {
  await refundsViewHoldsToRecords(store, 100, undefined, "event");
});
