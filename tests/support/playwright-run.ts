// What both Playwright configs (the e2e suite's and the two instances') share: one worker running
// the tests in order with no retry (they share servers and data), `.only` refused on CI, a list
// of results, and one Chromium project: Playwright's own browser or, on an offline machine
// (chromium-choice), the system's.
import { devices, type PlaywrightTestConfig } from "@playwright/test";
import { chromiumLaunch } from "../../scripts/chromium-choice.mjs";

export const serialChromiumRun = {
  reporter: "list",
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], ...chromiumLaunch() } }],
} satisfies PlaywrightTestConfig;
