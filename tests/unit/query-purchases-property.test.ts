import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, it } from "vitest";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { fillFactStore } from "../support/purchase-facts-fixture";
import { holdsToRecordEngine } from "../support/purchase-query-property";

// 200 random queries (filters, ranges, zones, granularities, key types, currency placements)
// over the sandbox's purchases: the fact store on SQLite, in its worker thread as the app opens
// it, answers what the record engine does.
let dir: string;
let store: PurchaseFactStore;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-facts-property-"));
  store = openWorkerPurchaseFactStore(path.join(dir, "mirror.sqlite"));
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
