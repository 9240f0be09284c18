// A slow or failing upstream (issue #24): a slow one is said to be slow (a count of windows that
// stood still for 48 s said nothing); with a failing one, a report shows the days already read
// and names the others. On a dashboard of its own, so its day cache holds only what these tests
// read, whatever the specs before them opened; the sandbox's controls are restored whatever happens.
import { expect, test } from "./support/test";
import { withOwnDashboard } from "./support/own-dashboard";
import { DASHBOARD_PORT, setSandboxControls } from "./support/sandbox";
import { purchasesTruth } from "./support/revenue-truth";
import { countOnPage, sandboxCredentials, signIn } from "./support/session";
import { EN_DAY_SOURCE, isoOfEnDay } from "./support/day-spelling";

const PORT = DASHBOARD_PORT + 4;
const creds = sandboxCredentials();
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

withOwnDashboard(PORT, "slow-upstream");
test.afterEach(async () => {
  await setSandboxControls({ latencyMs: 0, errorRate5xx: 0 });
});

test("a report whose windows do not move for a few seconds says the Sales API is answering slowly", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, creds.creator2, "A");
  await setSandboxControls({ latencyMs: 20_000 });
  await page.goto("/revenue?from=2026-03-01&to=2026-03-10&compare=none");
  const progress = page.getByTestId("fetch-progress");
  await expect(progress).toBeVisible();
  await expect(page.getByTestId("fetch-slow")).toContainText("The Sales API is answering slowly: nothing has arrived for", { timeout: 15_000 });
  await progress.screenshot({ path: test.info().outputPath("fetch-slow.png") });
});

test("with the upstream failing, a report that includes today shows the days already read and names the others", async ({ page }) => {
  test.setTimeout(180_000);
  // Read while the upstream answers: 2026-06-09..15 and its comparison 2026-06-02..08 by the sign-in, 2026-05-01..20 here.
  await signIn(page, creds.creator2, "A");
  await page.goto("/revenue?from=2026-05-01&to=2026-05-20&compare=none");
  await expect(page.getByTestId("report-body")).toHaveAttribute("data-state", "current", { timeout: 90_000 });
  await setSandboxControls({ errorRate5xx: 1 });
  await page.goto("/revenue?from=2026-05-01&to=2026-06-15&compare=none");
  const unfetched = page.getByTestId("quality-unfetched");
  await expect(unfetched).toContainText("the Sales API could not be reached; the other days are shown from your synced data", { timeout: 120_000 });
  // The days it names are the ones never read (today too, if its copy was no longer fresh).
  const text = (await unfetched.textContent()) ?? "";
  expect(text).toContain("May 21, 2026 – Jun 1, 2026");
  const missing = new Set<string>();
  for (const [, from, to] of text.matchAll(new RegExp(`(${EN_DAY_SOURCE})(?: – (${EN_DAY_SOURCE}))?`, "g"))) {
    const [first, last] = [isoOfEnDay(from!), isoOfEnDay(to ?? from!)];
    for (let d = Date.parse(`${first}T00:00:00Z`); d <= Date.parse(`${last}T00:00:00Z`); d += 86_400_000) missing.add(new Date(d).toISOString().slice(0, 10));
  }
  const held = purchasesTruth("creator2", "2026-05-01", "2026-06-15").filter((p) => !missing.has(String(p.checkoutInitializedAt).slice(0, 10)));
  expect(held.length).toBeGreaterThan(0);
  expect(countOnPage(await page.getByTestId("purchase-total").textContent())).toBe(held.length);
  await page.getByTestId("quality-banner").screenshot({ path: test.info().outputPath("upstream-failing.png") });
});
