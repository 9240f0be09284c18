#!/usr/bin/env node
// The e2e dashboard, built and started the way a user deploys it: `next build` with an EMPTY
// environment (no SALES_API_*, AUTH_SECRET, NEXTAUTH_URL or SALESDASH_*), then `next start`
// with the full configuration. A build that bakes configuration in (a page prerendered as a
// redirect because AUTH_SECRET was missing at build time) fails the suite instead of passing
// only because the build happened to see the same environment as the server.
//
//   node scripts/e2e-dashboard.mjs --port 3100
//
// Playwright starts this in a process group of its own and stops the group; the children
// stay in it, and SIGTERM / SIGINT are passed on when this is run by hand.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import process from "node:process";

const portIndex = process.argv.indexOf("--port");
const port = portIndex > 0 ? process.argv[portIndex + 1] : undefined;
if (!port || !/^\d+$/.test(port)) {
  console.error("usage: node scripts/e2e-dashboard.mjs --port <port>");
  process.exit(2);
}

// What Node and Next need to run at all, and nothing that configures the dashboard.
const BUILD_ENV_KEEP = ["PATH", "HOME", "TMPDIR", "LANG", "TERM"];
const buildEnv = { NEXT_TELEMETRY_DISABLED: "1" };
for (const name of BUILD_ENV_KEEP) if (process.env[name] !== undefined) buildEnv[name] = process.env[name];

const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");

let current;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (current && current.exitCode === null) current.kill(signal);
    else process.exit(1);
  });
}

function run(args, env) {
  return new Promise((resolve) => {
    current = spawn(process.execPath, [nextBin, ...args], { env, stdio: "inherit" });
    current.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

console.log(`[e2e-dashboard] next build with an empty environment (kept: ${Object.keys(buildEnv).join(", ")})`);
const built = await run(["build"], buildEnv);
if (built !== 0) process.exit(built);
// Each run starts with an empty mirror (days a previous run stored would answer in its place),
// and without a previous run's share links and saved views (lists the tests read).
const dataDir = process.env.SALESDASH_DATA_DIR;
for (const file of ["mirror.sqlite", "share-links.sqlite", "saved-views.sqlite"]) {
  if (dataDir) for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(path.join(dataDir, `${file}${suffix}`), { force: true });
}
// On DuckDB (the default engine) the fact tables are a file of their own: a cache of the mirror, emptied with it.
if (dataDir) for (const suffix of ["", ".wal"]) fs.rmSync(path.join(dataDir, `facts.duckdb${suffix}`), { force: true });
console.log(`[e2e-dashboard] next start -p ${port} with the full environment`);
process.exit(await run(["start", "-p", port], process.env));
