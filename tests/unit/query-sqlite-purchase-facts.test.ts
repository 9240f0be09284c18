import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { purchaseFactStoreBehaviour } from "../support/purchase-fact-store-behaviour";

// The purchases fact table on SQLite (the embedded default), as the app opens it: in a worker
// thread (lib/store/worker). The suite every back-end keeps (also run against PostgreSQL in tests/backends).
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

purchaseFactStoreBehaviour("SqlitePurchaseFactStore in a worker thread", {
  async open() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-facts-"));
    dirs.push(dir);
    return openWorkerPurchaseFactStore(path.join(dir, "mirror.sqlite"));
  },
});
