import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

/**
 * A new data directory and server secret for the whole file, as the process's own stores
 * (getMirrorStore, getPurchaseFactStore) read them from the environment; both restored after.
 * `factEngine` names the embedded fact tables' engine for a file that reads one engine's file
 * itself (the default, DuckDB, otherwise).
 */
export function processDataDir(name: string, options: { factEngine?: "sqlite" | "duckdb" } = {}) {
  const state = { dir: "" };
  const saved = { data: process.env.SALESDASH_DATA_DIR, secret: process.env.AUTH_SECRET, engine: process.env.SALESDASH_FACT_ENGINE };
  beforeAll(() => {
    state.dir = fs.mkdtempSync(path.join(os.tmpdir(), `salesdash-${name}-`));
    process.env.SALESDASH_DATA_DIR = state.dir;
    process.env.AUTH_SECRET = "server-secret-for-tests-0123456789abcdef";
    if (options.factEngine) process.env.SALESDASH_FACT_ENGINE = options.factEngine;
  });
  afterAll(() => {
    restore("SALESDASH_DATA_DIR", saved.data);
    restore("AUTH_SECRET", saved.secret);
    restore("SALESDASH_FACT_ENGINE", saved.engine);
    fs.rmSync(state.dir, { recursive: true, force: true });
  });
  return state;
}

// Assigning undefined to process.env would store the string "undefined".
function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
