import { defineConfig } from "@playwright/test";
import { serialChromiumRun } from "./tests/support/playwright-run";

import { DASHBOARD_PORT, DASHBOARD_URL as dashboardUrl, dashboardEnv, SANDBOX_PORT, SANDBOX_URL as sandboxUrl } from "./tests/e2e/support/sandbox";

export default defineConfig({
  testDir: "tests/e2e",
  // One worker, in order, no retry, a list reporter and the one Chromium project.
  ...serialChromiumRun,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: dashboardUrl,
    // A report without a zone in its URL follows the browser's: every spec reads UTC unless it says otherwise.
    timezoneId: "UTC",
    trace: "retain-on-failure",
  },
  // Started in order: the sandbox writes its certificate before it listens,
  // so the dashboard's build and start find SALES_API_CA_FILE in place.
  webServer: [
    {
      name: "sandbox",
      command:
        `npx tsx sandbox/cli.ts --port ${SANDBOX_PORT} --data-dir .data/e2e --now 2026-06-15T12:00:00Z --credentials-out .data/e2e/credentials.json --test-controls`,
      url: `${sandboxUrl}/api/v1/health`,
      // Only Playwright's readiness probe skips verification; the dashboard trusts the CA file.
      ignoreHTTPSErrors: true,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      name: "dashboard",
      // Built with an EMPTY environment, started with the one below (which Playwright hands
      // to this one command): configuration belongs to the start, never to the build.
      command: `node scripts/e2e-dashboard.mjs --port ${DASHBOARD_PORT}`,
      url: dashboardUrl,
      env: dashboardEnv(dashboardUrl),
      reuseExistingServer: !process.env.CI,
      // A production build takes minutes on a 2-core machine.
      timeout: 600_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
  ],
});
