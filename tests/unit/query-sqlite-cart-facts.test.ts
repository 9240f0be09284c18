import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { SqliteCartFactStore } from "@/lib/store/sqlite-cart-fact-store";
import { cartFactStoreBehaviour } from "../support/cart-fact-store-behaviour";

// The carts fact table on SQLite (the embedded default): the suite every back-end keeps (also
// run against PostgreSQL in tests/backends).
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

cartFactStoreBehaviour("SqliteCartFactStore", {
  async open() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-cart-facts-"));
    dirs.push(dir);
    return new SqliteCartFactStore(path.join(dir, "mirror.sqlite"));
  },
});
