// A slow upstream is said to be slow: a count of windows that stands still for 48 s said nothing
// (issue #24). On a dashboard of its own, so its day cache holds none of the days asked for,
// whatever the specs before it opened; the sandbox's latency is restored whatever happens.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startDashboard, type DashboardInstance } from "./support/dashboard-instance";
import { DASHBOARD_PORT, setSandboxControls } from "./support/sandbox";
import { sandboxCredentials, signIn } from "./support/session";

const PORT = DASHBOARD_PORT + 4;
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

let dashboard: DashboardInstance | undefined;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dir = path.resolve(".data/e2e/slow-upstream");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  dashboard = await startDashboard(PORT, dir);
});
test.afterAll(async () => {
  await dashboard?.stop();
});
test.afterEach(async () => {
  await setSandboxControls({ latencyMs: 0 });
});

test("a report whose windows do not move for a few seconds says the Sales API is answering slowly", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, sandboxCredentials().creator2, "A");
  await setSandboxControls({ latencyMs: 20_000 });
  await page.goto("/revenue?from=2026-03-01&to=2026-03-10&compare=none");
  const progress = page.getByTestId("fetch-progress");
  await expect(progress).toBeVisible();
  // Not at once: only once nothing has moved for a few seconds.
  await expect(page.getByTestId("fetch-slow")).toHaveCount(0);
  await expect(page.getByTestId("fetch-slow")).toContainText("The Sales API is answering slowly: nothing has arrived for", { timeout: 15_000 });
  await progress.screenshot({ path: test.info().outputPath("fetch-slow.png") });
});
