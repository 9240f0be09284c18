import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { purchaseFactStoreBehaviour } from "../support/purchase-fact-store-behaviour";

// The purchases fact table on SQLite (the embedded default): the suite every back-end keeps
// (also run against PostgreSQL in tests/backends).
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

purchaseFactStoreBehaviour("SqlitePurchaseFactStore", {
  async open() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-facts-"));
    dirs.push(dir);
    return new SqlitePurchaseFactStore(path.join(dir, "mirror.sqlite"));
  },
});
