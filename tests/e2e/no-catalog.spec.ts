// An upstream with only the contract's paths: the sandbox's /products and /offers answer 404.
// Sign-in (creator Flow A and B, affiliate) and every kind of report still work, with the
// figures of the ground truth. creator2 is used because no spec before this one loads its
// catalog (the dashboard keeps a catalog answer per credential for a while; a catalog cached
// while the control was on would hide a 404 here).
import { expect, test, type Page } from "./support/test";
import { groundTruth } from "../../sandbox/ground-truth";
import { setSandboxControls } from "./support/sandbox";
import { countOnPage, SANDBOX_NOW, sandboxCredentials, signIn, truthCount } from "./support/session";

const creds = sandboxCredentials();
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const FROM = "2026-05-01";
const TO = "2026-05-31";
const numberIn = (text: string | null) => Number((text ?? "").split("(")[0]!.replace(/\D/g, ""));

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => void (await setSandboxControls({ catalogEnabled: false })));
test.afterAll(async () => void (await setSandboxControls({ catalogEnabled: true })));

async function abandonedCartsOnPage(page: Page): Promise<number> {
  const cells = page.locator('[data-testid^="ab-"][data-testid$="-abandonedCarts"]');
  await expect(cells.first()).toBeVisible({ timeout: 45_000 });
  let total = 0;
  for (const text of await cells.allTextContents()) total += numberIn(text);
  return total;
}

test("a creator signs in with an API key and sees Revenue, Orders, Abandonment and Refunds", async ({ page }) => {
  await signIn(page, creds.creator2, "A");
  expect(countOnPage(await page.getByTestId("purchase-total").textContent())).toBe(truthCount("creator2"));

  await page.goto(`/orders?from=${FROM}&to=${TO}&compare=none`);
  const orders = groundTruth({ now: SANDBOX_NOW }, "creator2", "orders", FROM, dayAfter(TO));
  for (const currency of new Set(orders.map((o) => String(o.currency)))) {
    await expect(page.getByTestId(`orders-${currency}-count`)).toHaveText(orders.filter((o) => o.currency === currency).length.toLocaleString("en-US"));
  }

  await page.goto(`/abandonment?from=${FROM}&to=${TO}&compare=none`);
  expect(await abandonedCartsOnPage(page)).toBe(groundTruth({ now: SANDBOX_NOW }, "creator2", "abandoned-carts", FROM, dayAfter(TO)).length);

  await page.goto(`/refunds?from=${FROM}&to=${TO}&compare=none`);
  const purchases = groundTruth({ now: SANDBOX_NOW }, "creator2", "purchases", FROM, dayAfter(TO));
  for (const currency of new Set(purchases.map((p) => String(p.currency)))) {
    const refunded = purchases.filter((p) => p.currency === currency && Number(p.amountRefunded) > 0);
    await expect(page.getByTestId(`rf-${currency}-refunds`)).toBeVisible({ timeout: 45_000 });
    expect(numberIn(await page.getByTestId(`rf-${currency}-refunds`).textContent())).toBe(refunded.length);
  }
});

test("a creator signs in through the token exchange (Flow B) and sees Abandonment", async ({ page }) => {
  await signIn(page, creds.creator2, "B");
  expect(countOnPage(await page.getByTestId("purchase-total").textContent())).toBe(truthCount("creator2"));
  await page.goto("/abandonment?from=2026-04-01&to=2026-04-30&compare=none");
  expect(await abandonedCartsOnPage(page)).toBe(groundTruth({ now: SANDBOX_NOW }, "creator2", "abandoned-carts", "2026-04-01", "2026-05-01").length);
});

test("an affiliate signs in through the token exchange (Flow B) and sees Revenue", async ({ page }) => {
  await signIn(page, creds.affiliate, "B");
  expect(countOnPage(await page.getByTestId("purchase-total").textContent())).toBe(truthCount("affiliate"));
});

test("an affiliate signs in with an API key and sees Revenue and Refunds", async ({ page }) => {
  await signIn(page, creds.affiliate, "A");
  expect(countOnPage(await page.getByTestId("purchase-total").textContent())).toBe(truthCount("affiliate"));
  await page.goto(`/refunds?from=${FROM}&to=${TO}&compare=none`);
  const purchases = groundTruth({ now: SANDBOX_NOW }, "affiliate", "purchases", FROM, dayAfter(TO));
  const brl = purchases.filter((p) => p.currency === "brl" && Number(p.amountRefunded) > 0);
  await expect(page.getByTestId("rf-brl-refunds")).toBeVisible({ timeout: 45_000 });
  expect(numberIn(await page.getByTestId("rf-brl-refunds").textContent())).toBe(brl.length);
});
