#!/usr/bin/env node
// npm run test:instances: the two-instance test (playwright.instances.config.ts), then, as the
// very last line, what its load phase measured:
//   two instances: 429s N, most requests in a minute per key M, mismatched figures K
// Exits with Playwright's exit code, and non-zero when the load phase left no result.
import { spawn } from "node:child_process";
import fs from "node:fs";
import process from "node:process";

const RESULT_FILE = "test-results/instances-result.json";

// A result of an earlier run must never be reported as this one's.
fs.rmSync(RESULT_FILE, { force: true });

const code = await new Promise((resolve) => {
  const child = spawn("npx", ["playwright", "test", "-c", "playwright.instances.config.ts", ...process.argv.slice(2)], { stdio: "inherit" });
  child.on("error", () => resolve(1));
  child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
});

let result;
try {
  result = JSON.parse(fs.readFileSync(RESULT_FILE, "utf8"));
} catch {
  result = undefined;
}
if (result) {
  console.log(`two instances: 429s ${result.tooManyRequests}, most requests in a minute per key ${result.mostRequestsInAMinutePerKey}, mismatched figures ${result.mismatchedFigures}`);
} else {
  console.log(`two instances: no result (${RESULT_FILE} was not written; see the output above)`);
}
process.exit(code !== 0 ? code : result ? 0 : 1);
