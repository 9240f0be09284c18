// Which period is incomplete: a comparison period with unreadable records leaves the shown
// figures exact (and says so), and marks only the changes that depend on it.
import { expect, test } from "@playwright/test";
import { setSandboxControls } from "./support/sandbox";
import { centsOnScreen, kpiTruth } from "./support/revenue-truth";
import { sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();
// creator2's days here are opened by no other spec, so none of them is in the day cache yet.
const SHOWN = { from: "2025-10-06", to: "2025-10-19" };
const COMPARISON = { from: "2025-09-22", to: "2025-10-05" };
const UNREADABLE_DAY = "2025-09-25";

test.afterEach(async () => {
  await setSandboxControls({ unreadableDays: [] });
});

test("an incomplete comparison period marks the changes, not the exact totals", async ({ page }) => {
  await signIn(page, creds.creator2, "A");
  await setSandboxControls({ unreadableDays: [UNREADABLE_DAY] });
  await page.goto(`/revenue?from=${SHOWN.from}&to=${SHOWN.to}&compare=previous`);
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 45_000 });

  const banner = page.getByTestId("quality-banner");
  await expect(banner).toBeVisible();
  await expect(banner.getByTestId("quality-current")).toHaveCount(0);
  await expect(banner.getByTestId("quality-comparison")).toContainText(`The comparison period (${COMPARISON.from} to ${COMPARISON.to}) is incomplete`);
  await expect(banner.getByTestId("quality-comparison")).toContainText("the totals shown are exact");
  await expect(page.getByRole("heading", { name: "Key figures", exact: true })).toBeVisible();

  const truth = kpiTruth("creator2", SHOWN.from, SHOWN.to);
  for (const [currency, t] of truth) {
    expect(centsOnScreen(await page.getByTestId(`kpi-${currency}-transactionAmount`).textContent())).toBe(t.cents.amountTransaction);
  }
  expect(await page.getByTestId("partial-delta").count()).toBeGreaterThan(0);
});

test("without a comparison, the same unreadable day says nothing about these exact figures", async ({ page }) => {
  await signIn(page, creds.creator2, "A");
  await setSandboxControls({ unreadableDays: [UNREADABLE_DAY] });
  await page.goto(`/revenue?from=${SHOWN.from}&to=${SHOWN.to}&compare=none`);
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId("quality-banner")).toHaveCount(0);
  await expect(page.getByTestId("partial-delta")).toHaveCount(0);
});
