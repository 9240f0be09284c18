// A server stopped while its DuckDB fact stores work (lib/store/worker/store-in-worker.ts's exit
// listener, store-worker-host.mjs's shutdown): Next's SIGTERM handler ends the process with
// process.exit. Before, the worker thread was torn down in the middle of DuckDB's calls and the
// process aborted (SIGABRT, "terminate called after throwing an instance of 'Napi::Error'"),
// the days it had accepted and not yet written lost. Held: the process exits with the code it
// asked for, says nothing of an abort, and every day it accepted is in the file after.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { DuckDbPurchaseFactStore } from "@/lib/store/duckdb/duckdb-purchase-fact-store";
import { purchaseDays } from "../support/purchase-facts-fixture";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-worker-exit-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it("a process that exits while its DuckDB worker writes and reads ends as asked, its accepted days written", { timeout: 120_000 }, async () => {
  const file = path.join(dir, "facts.duckdb");
  const child = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "tests/support/exit-while-writing.ts", file], {
    cwd: process.cwd(),
    encoding: "utf8",
    timeout: 90_000,
  });
  expect(child.stderr).not.toContain("terminate called");
  expect({ status: child.status, signal: child.signal }).toEqual({ status: 143, signal: null });
  const accepted = Number(child.stdout.trim().split("\n").at(-1));
  const days = [...purchaseDays("creator")].map(([day]) => day);
  expect(accepted).toBe(days.length);

  const store = new DuckDbPurchaseFactStore(file);
  try {
    const meta = await store.readDayMeta("creator", days);
    expect(meta.map((one) => one.day).sort()).toEqual([...days].sort());
  } finally {
    await store.close();
  }
});
