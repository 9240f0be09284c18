// The Abandonment view against the sandbox's ground truth, for two ranges (one over 90 days);
// affiliates can neither see nor reach it.
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "./support/test";
import { groundTruth } from "../../sandbox/ground-truth";
import { currencyOfOffer } from "./support/offer-currency";
import { centsOnScreen } from "./support/revenue-truth";
import { SANDBOX_NOW, sandboxCredentials, signIn } from "./support/session";
import { expectNoneIn, expectReloadKeepsPage, idCells, watchRowsResponses } from "./support/table-checks";

const creds = sandboxCredentials();

const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function truth(from: string, to: string) {
  const carts = groundTruth({ now: SANDBOX_NOW }, "creator", "abandoned-carts", from, dayAfter(to));
  const purchases = groundTruth({ now: SANDBOX_NOW }, "creator", "purchases", from, dayAfter(to));
  const cartIds = new Set(carts.map((c) => c.checkoutId));
  const purchased = new Set(purchases.filter((p) => p.purchaseType === "front" && !cartIds.has(p.checkoutId)).map((p) => p.checkoutId));
  return { carts, purchasedCheckouts: purchased.size, currencyOf: currencyOfOffer(purchases) };
}

async function text(page: Page, testId: string) {
  return (await page.getByTestId(testId).textContent()) ?? "";
}

for (const [from, to] of [["2026-06-01", "2026-06-15"], ["2026-02-16", "2026-06-15"]] as const) {
  test(`KPIs, funnel and decline matrix equal the ground truth for ${from} to ${to}`, async ({ page }) => {
    await signIn(page, creds.creator, "A");
    await page.goto(`/abandonment?from=${from}&to=${to}&compare=none`);
    const { carts, purchasedCheckouts, currencyOf } = truth(from, to);
    for (const currency of ["brl", "usd"]) {
      const mine = carts.filter((c) => currencyOf(String(c.offerCode)) === currency);
      const recovered = mine.filter((c) => c.isRecovered);
      expect(Number((await text(page, `ab-${currency}-abandonedCarts`)).replace(/\D/g, ""))).toBe(mine.length);
      expect(centsOnScreen(await text(page, `ab-${currency}-abandonedValue`))).toBe(mine.reduce((s, c) => s + Math.round(Number(c.amountTransaction) * 100), 0));
      expect(Number((await text(page, `ab-${currency}-recoveredCarts`)).replace(/\D/g, ""))).toBe(recovered.length);
      expect(centsOnScreen(await text(page, `ab-${currency}-recoveredValue`))).toBe(recovered.reduce((s, c) => s + Math.round(Number(c.amountTransaction) * 100), 0));
    }
    const funnel = page.getByTestId("funnel");
    const loaded = funnel.locator("td[data-step=loaded]").first();
    await expect(loaded).toContainText((carts.length + purchasedCheckouts).toLocaleString("en-US"));
    const started = carts.filter((c) => c.sessionInitializedAt).length + purchasedCheckouts;
    await expect(funnel.locator("td[data-step=sessionStarted]").first()).toContainText(started.toLocaleString("en-US"));
    const declined = carts.filter((c) => c.lastDeclineCode).length;
    const matrix = page.getByTestId("decline-matrix");
    await expect(matrix).toHaveAttribute("data-total", String(declined));
    const cells = (await matrix.locator("td[data-cell]").allTextContents()).reduce((s, t) => s + Number(t), 0);
    expect(cells).toBe(declined);
    await expect(page.getByTestId("cart-total")).toHaveText(carts.length.toLocaleString("en-US"));
    const csv = parse(await (await page.request.get(`/api/export/abandonment?from=${from}&to=${to}&compare=none`)).body(), { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(csv.length).toBe(carts.length);
    expect(csv.every((r) => r["currency (of the offer)"] === currencyOf(r.offerCode ?? ""))).toBe(true);
    expect(csv.every((r) => (r["customerName (masked)"] ?? "").includes("***"))).toBe(true);
  });
}

test("an affiliate does not see the Abandonment view and the server answers 403 to it and to its CSV", async ({ page }) => {
  await signIn(page, creds.affiliate, "A");
  await expect(page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Abandonment" })).toHaveCount(0);
  expect((await page.goto("/abandonment"))?.status()).toBe(403);
  expect((await page.request.get("/api/export/abandonment?from=2026-06-01&to=2026-06-15")).status()).toBe(403);
  expect((await page.request.get("/api/reports/abandonment/rows/carts?from=2026-06-01&to=2026-06-15")).status()).toBe(403);
});

test("the carts table keeps its sort, page and columns over a reload; revealed details (phone included) equal the sandbox's", async ({ page }) => {
  const bodies = watchRowsResponses(page);
  await signIn(page, creds.creator, "A");
  const [from, to] = ["2026-05-01", "2026-06-15"];
  await page.goto(`/abandonment?from=${from}&to=${to}&compare=none`);
  const { carts } = truth(from, to);
  const pages = Math.ceil(carts.length / 50);
  await expect(page.getByTestId("cart-total")).toHaveText(carts.length.toLocaleString("en-US"), { timeout: 45_000 });
  const region = page.getByRole("region", { name: "Abandoned carts" });
  await region.getByRole("button", { name: /^Attempts/ }).click();
  await region.getByRole("button", { name: "Next" }).click();
  await region.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/carts\.sort=attempts/);
  await expect(page).toHaveURL(/carts\.page=3/);
  await region.locator("summary", { hasText: "Columns" }).click();
  await region.getByRole("checkbox", { name: "Phone" }).check();
  await expect(page).toHaveURL(/carts\.hide=/);
  await page.keyboard.press("Escape");
  // Most attempts first; ties by session start, latest first.
  const byAttempts = [...carts].sort((a, b) => Number(b.attemptCount ?? 0) - Number(a.attemptCount ?? 0) || Date.parse(String(b.sessionInitializedAt)) - Date.parse(String(a.sessionInitializedAt))).map((c) => String(c.checkoutId));
  await expect.poll(() => idCells(page, "cart", "checkoutId")).toEqual(byAttempts.slice(100, 150));
  await expectReloadKeepsPage(page, "cart", `Page 3 of ${pages}`);
  await expect(region.getByRole("columnheader", { name: "Phone" })).toHaveCount(1);
  await region.getByLabel("Show customer details").check();
  const byId = new Map(carts.map((c) => [String(c.checkoutId), c]));
  const rows = page.getByTestId("cart-row");
  const first = byId.get(byAttempts[100]!)!;
  await expect.poll(() => rows.first().locator("td[data-personal]").allTextContents()).toEqual([first.customerName, first.customerEmail, first.customerPhone].map((v) => String(v ?? "")));
  await page.waitForLoadState("networkidle");
  expectNoneIn(bodies, carts.flatMap((c) => [c.customerEmail, c.customerName, c.customerPhone].filter(Boolean)));
});
