// A share link's new address and the cap on active links (#24, point 17), as the owner meets
// them on Shared links: "New address" gives a new URL that opens the same live report until the
// same day, and the old URL answers "turned off" at once; past the cap (lowered here through
// SALESDASH_SHARE_LINK_LIMIT on a dashboard of its own), Share says in a sentence why no link
// was made, and Shared links says how many are active.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser } from "./support/test";
import { startDashboard, type DashboardInstance } from "./support/dashboard-instance";
import { DASHBOARD_PORT } from "./support/sandbox";
import { sandboxCredentials, signIn } from "./support/session";
import { createShareLink } from "./support/share-links";

const creds = sandboxCredentials();
const QUERY = "from=2026-06-09&to=2026-06-15&compare=none";

async function kindOnOpening(browser: Browser, url: string): Promise<string> {
  const context = await browser.newContext({ timezoneId: "UTC" });
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByTestId("shared-report").or(page.getByTestId("shared-link-notice"))).toBeVisible();
  const kind = (await page.getByTestId("shared-report").count()) ? "ok" : await page.getByTestId("shared-link-notice").getAttribute("data-kind");
  await context.close();
  return kind ?? "";
}

test("“New address” gives a link a new URL that opens the same report; the old URL is turned off at once", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, creds.creator2, "A");
  await page.goto(`/refunds?${QUERY}`);
  await expect(page.getByTestId("report-body")).toBeVisible({ timeout: 60_000 });
  const oldUrl = await createShareLink(page, { expiry: "30", live: true });
  expect(await kindOnOpening(browser, oldUrl)).toBe("ok");

  await page.goto("/shared-links");
  const oldRow = page.getByTestId("shared-link-row").first();
  const oldId = await oldRow.getAttribute("data-link-id");
  const cells = async (row: typeof oldRow) => (await row.locator("td").allInnerTexts()).map((text) => text.trim());
  const [report, days, kind, , expires] = await cells(oldRow);
  await oldRow.getByTestId("shared-link-rotate").click();
  const newUrl = await page.getByTestId("shared-link-new-url").inputValue();
  expect(newUrl).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
  expect(newUrl).not.toBe(oldUrl);

  // The list: the old link turned off, the new one active with the same report, days, kind and expiry.
  await expect(page.locator(`[data-link-id="${oldId}"]`).getByTestId("shared-link-status")).toHaveText("Turned off");
  const newRow = page.getByTestId("shared-link-row").first();
  await expect(newRow).not.toHaveAttribute("data-link-id", oldId!);
  await expect(newRow.getByTestId("shared-link-status")).toHaveText("Active");
  const [newReport, newDays, newKind, , newExpires] = await cells(newRow);
  expect([newReport, newDays, newKind, newExpires]).toEqual([report, days, kind, expires]);
  expect(kind).toBe("Updated daily");

  expect(await kindOnOpening(browser, oldUrl)).toBe("revoked");
  expect(await kindOnOpening(browser, newUrl)).toBe("ok");
  const stranger = await browser.newContext();
  expect((await stranger.request.get(`${oldUrl}/csv/kpis`)).status()).toBe(404);
  expect((await stranger.request.get(`${newUrl}/csv/kpis`)).status()).toBe(200);
  await stranger.close();

  // Leaves no active link behind.
  await newRow.getByTestId("shared-link-revoke").click();
  await expect(newRow.getByTestId("shared-link-status")).toHaveText("Turned off");
});

test.describe("past the cap", () => {
  let dashboard: DashboardInstance | undefined;
  test.afterEach(async () => {
    await dashboard?.stop();
    dashboard = undefined;
  });

  test("Share refuses in a sentence, Shared links counts the active links, and turning one off makes room", async ({ page }) => {
    test.setTimeout(240_000);
    const dir = path.resolve(".data/e2e/share-link-cap");
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    dashboard = await startDashboard(DASHBOARD_PORT + 7, dir, { SALESDASH_SHARE_LINK_LIMIT: "2" });

    await page.goto(`${dashboard.url}/sign-in?callbackUrl=${encodeURIComponent(`/refunds?${QUERY}`)}`);
    await page.getByLabel("API key", { exact: true }).fill(creds.creator2.apiKey);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/refunds");
    await expect(page.getByTestId("report-body")).toBeVisible({ timeout: 60_000 });
    await createShareLink(page);
    await createShareLink(page);

    await page.getByTestId("share-open").click();
    const dialog = page.getByTestId("share-dialog");
    await dialog.getByRole("button", { name: "Create link" }).click();
    await expect(dialog.getByTestId("share-failure")).toHaveText("You have 2 active share links, the most an account can have. Turn one off in Shared links, then share again.");
    await expect(dialog.getByTestId("share-url")).toHaveCount(0);

    await page.goto(`${dashboard.url}/shared-links`);
    await expect(page.getByTestId("shared-links-count")).toContainText("2 of 2 active links");
    await page.getByTestId("shared-link-row").first().getByTestId("shared-link-revoke").click();
    await expect(page.getByTestId("shared-links-count")).toHaveText("1 of 2 active links");

    await page.goto(`${dashboard.url}/refunds?${QUERY}`);
    await expect(page.getByTestId("report-body")).toBeVisible({ timeout: 60_000 });
    await createShareLink(page);
  });
});
