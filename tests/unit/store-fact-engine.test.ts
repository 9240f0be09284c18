// SALESDASH_FACT_ENGINE (lib/store/app-stores.ts): the embedded purchases and orders fact tables
// are in DuckDB files of their own beside the mirror with "duckdb", and in the mirror's SQLite
// file by default. Each store is opened through the app's own builders, in a temporary data
// directory, and the process state is left as it was found.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it, vi } from "vitest";
import { getProcessState } from "@/lib/store/process-state";

const dirs: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function storesOn(engine: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-fact-engine-"));
  dirs.push(dir);
  vi.stubEnv("SALESDASH_DATA_DIR", dir);
  vi.stubEnv("SALESDASH_FACT_ENGINE", engine);
  vi.stubEnv("SALESDASH_DATABASE_URL", "");
  vi.resetModules();
  const { orderFactStore, purchaseFactStore } = await import("@/lib/store/app-stores");
  const state = getProcessState();
  const kept = { orderFacts: state.orderFacts, purchaseFacts: state.purchaseFacts };
  state.orderFacts = undefined;
  state.purchaseFacts = undefined;
  try {
    expect(await orderFactStore().readDayMeta("acct", ["2026-03-10"])).toEqual([]);
    expect(await purchaseFactStore().readDayMeta("acct", ["2026-03-10"])).toEqual([]);
    await Promise.all([orderFactStore().close(), purchaseFactStore().close()]);
  } finally {
    Object.assign(state, kept);
  }
  return fs.readdirSync(dir).filter((name) => !name.endsWith("-wal") && !name.endsWith("-shm") && !name.endsWith(".wal"));
}

it("puts the purchases and the orders in DuckDB files of their own with SALESDASH_FACT_ENGINE=duckdb", async () => {
  expect((await storesOn("duckdb")).sort()).toEqual(["order-facts.duckdb", "purchase-facts.duckdb"]);
});

it("keeps them in the mirror's SQLite file by default", async () => {
  expect(await storesOn("sqlite")).toEqual(["mirror.sqlite"]);
});
