// `npm run screens`: screenshots of every page in both languages, light and dark, desktop and
// phone, written to test-results/screens/ to be looked at (issue #14). Not a test suite: the
// checks of these pages are in tests/e2e. Same servers as the e2e suite.
import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

export default defineConfig({
  ...base,
  testDir: "tests/screens",
  testMatch: /\.screens\.ts$/,
  // Forty pages in eight modes per account: half an hour is a guard against a hang.
  timeout: 1_800_000,
});
