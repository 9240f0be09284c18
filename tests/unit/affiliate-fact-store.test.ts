import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { affiliateFactStoreBehaviour } from "../support/affiliate-fact-store-behaviour";

// The Affiliates leaderboard's reads of the purchases fact table on SQLite (PostgreSQL runs the same suite in tests/backends).
let dir: string;
let n = 0;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-affiliate-facts-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

affiliateFactStoreBehaviour("SqlitePurchaseFactStore", {
  open: async () => new SqlitePurchaseFactStore(path.join(dir, `facts-${++n}.sqlite`)),
});
