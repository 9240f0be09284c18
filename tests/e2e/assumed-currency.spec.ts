// Purchases without a currency (the field notes: the real service may omit it) are never summed
// across currencies unnoticed: shown under "unknown" until the user sets the account's
// currency in the account menu, then counted in it, with "currency assumed" on the figures.
import { expect, test, type Page } from "./support/test";
import { setSandboxControls } from "./support/sandbox";
import { centsOnScreen, purchasesTruth } from "./support/revenue-truth";
import { sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();
// creator2's days here are opened by no other spec, so the day cache holds none of them.
const RANGE = { from: "2025-11-03", to: "2025-11-16" };
const cents = (n: unknown) => Math.round(Number(n ?? 0) * 100);

async function setCurrency(page: Page, code: string) {
  await page.getByTestId("account-menu").click();
  await page.getByLabel("Assumed currency for sales without one").fill(code);
  await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Save", exact: true }).click()]);
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 45_000 });
}

test.afterEach(async () => {
  await setSandboxControls({ omitCurrency: false });
});

test("purchases without a currency: 'unknown' until the account's currency is set, then counted in it and labelled", async ({ page }) => {
  const truth = purchasesTruth("creator2", RANGE.from, RANGE.to);
  const totalCents = truth.reduce((sum, p) => sum + cents(p.amountTransaction), 0);
  await signIn(page, creds.creator2, "A");
  await setSandboxControls({ omitCurrency: true });
  try {
    await page.goto(`/revenue?from=${RANGE.from}&to=${RANGE.to}&compare=none`);
    await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId("quality-currency")).toContainText(`${truth.length} records came without a currency we could tell and are shown under “unknown”`);
    expect(centsOnScreen(await page.getByTestId("kpi-unknown-transactionAmount").textContent())).toBe(totalCents);
    await expect(page.getByTestId("currency-assumed")).toHaveCount(0);

    await setCurrency(page, "eur");
    await expect(page.getByTestId("quality-currency")).toContainText(`${truth.length} records came without a currency and are counted in EUR, the currency set for this account (currency assumed: EUR)`);
    expect(centsOnScreen(await page.getByTestId("kpi-eur-transactionAmount").textContent())).toBe(totalCents);
    await expect(page.getByTestId("kpi-unknown-transactionAmount")).toHaveCount(0);
    // On the KPIs, the chart, every breakdown and the funds table of that currency.
    expect(await page.getByTestId("currency-assumed").count()).toBeGreaterThanOrEqual(4);
    await expect(page.getByTestId("currency-assumed").first()).toHaveText("currency assumed: EUR");

    // A wrong code is refused with a sentence, and nothing changes.
    await page.getByTestId("account-menu").click();
    await page.getByLabel("Assumed currency for sales without one").fill("R$");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("assumed-currency-message")).toContainText("three-letter currency code");
  } finally {
    await page.goto(`/revenue?from=${RANGE.from}&to=${RANGE.to}&compare=none`);
    await setCurrency(page, "");
  }
  await expect(page.getByTestId("quality-currency")).toContainText("shown under “unknown”");
});
