import { defineConfig } from "@playwright/test";
import { serialChromiumRun } from "./tests/support/playwright-run";

// Two dashboard instances on one PostgreSQL and one Redis (`npm run test:instances`). No
// webServer: the spec starts its own sandbox, redis-server and `next start` processes, because
// it kills and restarts them, which Playwright's servers cannot be.

export default defineConfig({
  testDir: "tests/instances",
  outputDir: "test-results/instances",
  // One worker, in order, no retry, a list reporter and the one Chromium project.
  ...serialChromiumRun,
  // Setup may build the dashboard (minutes on a 2-core machine); the load phase alone is 3 minutes.
  timeout: 600_000,
  expect: { timeout: 30_000 },
  use: {
    trace: "retain-on-failure",
    navigationTimeout: 180_000,
    actionTimeout: 30_000,
  },
});
