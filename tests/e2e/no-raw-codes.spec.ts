// Words, not codes: no report shows the API's enum values or ISO timestamps where a reader
// expects words and dates. The scan reads the page's visible text and the charts' SVG text
// once figures, tables and charts have rendered. Codes that are also plain words ("pix",
// "boleto", "front", "direct") cannot be scanned for; their words are looked for instead.
import { expect, test, type Page } from "./support/test";
import { LOCALE_COOKIE } from "../../lib/i18n/locales";
import { sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();

// The values the sandbox writes (sandbox/data/money.ts, generate-day.ts, tracking.ts, records.ts),
// lowercase as the API sends them: their words are capitalised ("Visa", "Stripe").
const RAW_CODES = [
  "credit_card", "apple_pay", "order_bump",
  "pagarme", "mercadopago", "stripe", "adyen", "paypal",
  "visa", "mastercard", "elo", "amex", "hipercard", "discover", "none",
  "label_created", "posted", "in_transit", "out_for_delivery", "delivery_exception", "returned_to_sender", "awaiting_shipment",
  "insufficient_funds", "do_not_honor", "invalid_cvv", "expired_card", "fraud_suspected", "card_not_supported", "processing_error", "authentication_failed",
  "one_click", "in_progress",
  "customer_request", "not_as_expected", "duplicate_purchase", "guarantee_period", "delivery_delay", "damaged_item",
];
const RAW = new RegExp(`(?<![\\w-])(${RAW_CODES.join("|")})(?![\\w-])`, "g");
const ISO_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}/g;
const ISO_BUCKET = /^\d{4}-\d{2}(-\d{2})?$/;

/** The text a reader sees: the body's rendered text and the charts' axis labels. */
async function visibleText(page: Page): Promise<{ body: string; chart: string[] }> {
  return page.evaluate(() => ({
    body: document.body.innerText,
    chart: [...document.querySelectorAll("svg text")].map((t) => (t.textContent ?? "").trim()).filter(Boolean),
  }));
}

async function expectWordsOnly(page: Page, words: string[]) {
  await expect(page.locator(".recharts-surface").first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("chart-placeholder")).toHaveCount(0, { timeout: 30_000 });
  const { body, chart } = await visibleText(page);
  const text = `${body}\n${chart.join("\n")}`;
  // Soft: one run names every kind of leftover code, not only the first.
  expect.soft([...new Set(text.match(RAW) ?? [])], "raw codes on screen").toEqual([]);
  expect.soft(text.match(ISO_TIMESTAMP) ?? [], "ISO timestamps on screen").toEqual([]);
  expect.soft(chart.filter((t) => ISO_BUCKET.test(t)), "ISO days on chart axes").toEqual([]);
  for (const word of words) expect.soft(text, `"${word}" on screen`).toContain(word);
}

const RANGE = "from=2026-05-01&to=2026-06-15&compare=none";

test.describe("creator", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, creds.creator, "A");
  });

  test("Revenue shows words for methods, types, PSPs, card brands and offers by name", async ({ page }) => {
    await page.goto(`/revenue?${RANGE}&purchases.hide=email`);
    await expect(page.getByTestId("purchase-row").first()).toBeVisible({ timeout: 60_000 });
    await expectWordsOnly(page, ["Credit card", "Pix", "Boleto", "Order bump", "Main product", "Pagar.me", "Mercado Pago", "No card (pix, boleto)"]);
  });

  test("in Portuguese, Revenue shows the Portuguese words", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: "pt-BR", url: baseURL! }]);
    await page.goto(`/revenue?${RANGE}`);
    await expect(page.getByTestId("purchase-row").first()).toBeVisible({ timeout: 60_000 });
    await expectWordsOnly(page, ["Cartão de crédito", "Produto principal", "Sem cartão (pix, boleto)"]);
  });

  test("Revenue by the hour labels its buckets with dates and hours", async ({ page }) => {
    await page.goto("/revenue?from=2026-06-10&to=2026-06-11&compare=none&granularity=hour");
    await expect(page.getByTestId("purchase-row").first()).toBeVisible({ timeout: 60_000 });
    await expectWordsOnly(page, []);
  });

  test("Orders shows milestones in words", async ({ page }) => {
    await page.goto(`/orders?${RANGE}&orders.hide=email`);
    await expect(page.getByTestId("order-row").first()).toBeVisible({ timeout: 60_000 });
    await expectWordsOnly(page, ["Delivered", "In transit"]);
  });

  test("Abandonment shows decline codes, PSPs and session modes in words", async ({ page }) => {
    await page.goto(`/abandonment?${RANGE}`);
    await expect(page.getByTestId("cart-row").first()).toBeVisible({ timeout: 60_000 });
    await expectWordsOnly(page, ["Insufficient funds", "Refused by the bank", "One-click", "Pagar.me", "All checkouts"]);
  });

  test("Refunds shows methods and refund reasons in words", async ({ page }) => {
    await page.goto(`/refunds?${RANGE}`);
    await expect(page.getByTestId("refund-records-row").first()).toBeVisible({ timeout: 60_000 });
    await expectWordsOnly(page, ["Credit card", "Pagar.me"]);
  });
});

test.describe("affiliate", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, creds.affiliate, "A");
  });

  test("Commission shows words for methods and types", async ({ page }) => {
    await page.goto(`/revenue?${RANGE}`);
    await expect(page.getByTestId("purchase-row").first()).toBeVisible({ timeout: 60_000 });
    await expectWordsOnly(page, ["Credit card"]);
  });

  test("Refunds shows words for methods", async ({ page }) => {
    await page.goto(`/refunds?${RANGE}`);
    await expect(page.getByTestId("rf-kpis").or(page.getByRole("heading", { name: "Key figures" })).first()).toBeVisible({ timeout: 60_000 });
    await expectWordsOnly(page, ["Credit card"]);
  });
});
