import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { SqliteOrderFactStore } from "@/lib/store/sqlite-order-fact-store";
import { orderFactStoreBehaviour } from "../support/order-fact-store-behaviour";

// The orders fact table on SQLite (the embedded default): the suite every back-end keeps (also
// run against PostgreSQL in tests/backends).
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

orderFactStoreBehaviour("SqliteOrderFactStore", {
  async open() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-order-facts-"));
    dirs.push(dir);
    return new SqliteOrderFactStore(path.join(dir, "mirror.sqlite"));
  },
});
