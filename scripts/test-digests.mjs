#!/usr/bin/env node
// npm run test:digests: the digests' and alerts' tests alone, with the job queue's and the sync's
// on it (unit, contract over the sandbox with a real SMTP server and webhook receiver, two
// instances on PostgreSQL), then, as the very
// last line, what they counted (tests/support/digest-tally.ts):
//   digests: sent N, duplicates D, wrong figures W, personal data P
// N the messages received at the sink (and webhook), D those received more than once, W figures
// that differ from the ground truth, P customer values found in any message or webhook body.
// Exits non-zero when a test failed, when nothing was counted, or when D, W or P is not 0.
import { spawn } from "node:child_process";
import fs from "node:fs";
import process from "node:process";

const TALLY_FILE = "test-results/digests-tally.jsonl";
const RUNS = [
  ["unit", ["tests/unit/alert-", "tests/unit/deliver-alerts", "tests/unit/evaluate-alerts", "tests/unit/webhook-", "tests/unit/digest-", "tests/unit/contribution", "tests/unit/store-digest-store", "tests/unit/store-alert-store", "tests/unit/auth-kept-key", "tests/unit/jobs-"]],
  ["contract", ["tests/contract/digest-", "tests/contract/alerts", "tests/contract/kept-key", "tests/contract/mirror-sync-lock"]],
  ["backends", ["tests/backends/digests-two-instances", "tests/backends/jobs-", "tests/backends/held-locks-pg", "tests/backends/postgres-digest-store", "tests/backends/postgres-alert-store"]],
];

// A tally of an earlier run must never be reported as this one's.
fs.rmSync(TALLY_FILE, { force: true });

let failed = false;
for (const [project, filters] of RUNS) {
  const code = await new Promise((resolve) => {
    const child = spawn("npx", ["vitest", "run", "--project", project, ...filters], { stdio: "inherit" });
    child.on("error", () => resolve(1));
    child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  if (code !== 0) failed = true;
}

const total = { sent: 0, duplicates: 0, wrongFigures: 0, personalData: 0 };
let lines = 0;
if (fs.existsSync(TALLY_FILE)) {
  for (const line of fs.readFileSync(TALLY_FILE, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const t = JSON.parse(line);
    lines++;
    for (const key of Object.keys(total)) total[key] += Number(t[key] ?? 0);
  }
}
console.log(`digests: sent ${total.sent}, duplicates ${total.duplicates}, wrong figures ${total.wrongFigures}, personal data ${total.personalData}`);
process.exit(failed || lines === 0 || total.sent === 0 || total.duplicates + total.wrongFigures + total.personalData > 0 ? 1 : 0);
