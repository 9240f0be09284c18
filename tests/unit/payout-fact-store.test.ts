import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { payoutFactsBehaviour } from "../support/payout-facts-behaviour";

// The payout calendar's reads of the purchases fact table on SQLite, in its worker thread as the app opens it (PostgreSQL runs the same suite in tests/backends).
let dir: string;
let n = 0;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-payout-facts-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

payoutFactsBehaviour("SqlitePurchaseFactStore", {
  open: async () => openWorkerPurchaseFactStore(path.join(dir, `facts-${++n}.sqlite`)),
});
