// A share link's expiry as its users meet it, on a server whose clock the test moves (a
// dashboard of its own, started from the suite's build with tests/support/shifted-clock.mjs):
// a one-day link opens now, and a day and a minute later answers "expired" with its date,
// as do its downloads.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./support/test";
import { startDashboard, type DashboardInstance } from "./support/dashboard-instance";
import { DASHBOARD_PORT } from "./support/sandbox";
import { sandboxCredentials } from "./support/session";
import { createShareLink } from "./support/share-links";

const creds = sandboxCredentials();
const PORT = DASHBOARD_PORT + 2;
const QUERY = "from=2026-06-09&to=2026-06-15&compare=none";

test.describe.configure({ timeout: 300_000 });

let dashboard: DashboardInstance | undefined;
test.afterEach(async () => {
  await dashboard?.stop();
  dashboard = undefined;
});

test("a one-day link opens today and answers “expired” a day later, its files too", async ({ page, browser }) => {
  const dir = path.resolve(".data/e2e/share-expiry");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const clockFile = path.join(dir, "clock-offset-ms");
  fs.writeFileSync(clockFile, "0");
  dashboard = await startDashboard(PORT, dir, {
    NODE_OPTIONS: `--import ${path.resolve("tests/support/shifted-clock.mjs")}`,
    SALESDASH_TEST_CLOCK_FILE: clockFile,
  });

  await page.goto(`${dashboard.url}/sign-in?callbackUrl=${encodeURIComponent(`/revenue?${QUERY}`)}`);
  await page.getByLabel("API key", { exact: true }).fill(creds.creator2.apiKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/revenue");
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 60_000 });
  const url = await createShareLink(page, { expiry: "1" });
  expect(url.startsWith(dashboard.url)).toBe(true);

  const context = await browser.newContext({ timezoneId: "UTC" });
  const stranger = await context.newPage();
  await stranger.goto(url);
  await expect(stranger.getByTestId("shared-report")).toBeVisible();
  expect((await stranger.request.get(`${url}/csv/kpis`)).status()).toBe(200);

  // 23 hours later: still open.
  fs.writeFileSync(clockFile, String(23 * 3_600_000));
  await new Promise((resolve) => setTimeout(resolve, 300));
  await stranger.goto(url);
  await expect(stranger.getByTestId("shared-report")).toBeVisible();

  // A day and a minute later: expired, said plainly, and its files are gone too.
  fs.writeFileSync(clockFile, String(24 * 3_600_000 + 60_000));
  await new Promise((resolve) => setTimeout(resolve, 300));
  await stranger.goto(url);
  await expect(stranger.getByTestId("shared-link-notice")).toHaveAttribute("data-kind", "expired");
  await expect(stranger.getByRole("heading", { name: "This link has expired" })).toBeVisible();
  await expect(stranger.getByText(/It stopped working on/)).toBeVisible();
  expect((await stranger.request.get(`${url}/csv/kpis`)).status()).toBe(404);
  await context.close();
});
