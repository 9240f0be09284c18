// The Offer filter of Revenue (issue #24, point 20): offers by name under their product, only
// the chosen products' offers once a product is chosen (an offer already chosen stays), and the
// chip names the offer the same way. Names and products come from the sandbox's ground truth.
import { expect, test, type Locator, type Page } from "./support/test";
import { groundTruth } from "../../sandbox/ground-truth";
import { purchasesTruth } from "./support/revenue-truth";
import { SANDBOX_NOW, sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();
const MAY = { from: "2026-05-01", to: "2026-05-31" };
const URL_MAY = `/revenue?from=${MAY.from}&to=${MAY.to}&compare=none&tz=UTC`;
const LOAD = { timeout: 60_000 };

/** Each offer of May's records (purchases unless said): its newest record's name and its products; and each offer's words on screen. */
function offersTruth(records: Array<Record<string, unknown>> = purchasesTruth("creator", MAY.from, MAY.to), date = "checkoutInitializedAt") {
  const offers = new Map<string, { name: string; products: Set<string> }>();
  const newestFirst = [...records].filter((r) => r.offerCode && r.productName).sort((a, b) => String(b[date]).localeCompare(String(a[date])));
  for (const p of newestFirst) {
    const code = String(p.offerCode);
    const offer = offers.get(code) ?? { name: String(p.offerName), products: new Set<string>() };
    offers.set(code, offer);
    offer.products.add(String(p.productName));
  }
  const names = [...offers.values()].map((o) => o.name);
  // The code is shown only beside a name two offers share.
  const words = (code: string) => {
    const { name } = offers.get(code)!;
    return names.filter((n) => n === name).length > 1 ? `${name} (${code})` : name;
  };
  const products = [...new Set([...offers.values()].flatMap((o) => [...o.products]))].sort();
  return { offers, words, products };
}

const settled = (page: Page) => expect(page.getByTestId("report-body")).toHaveAttribute("data-state", "current", LOAD);
const popover = (page: Page, label: string) => page.locator("details").filter({ has: page.locator("summary", { hasText: new RegExp(`^${label}( \\(\\d+\\))?$`) }) });
const open = async (page: Page, label: string): Promise<Locator> => {
  const details = popover(page, label);
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  await expect(details).toHaveAttribute("open", "");
  return details.getByRole("group", { name: label, exact: true });
};

test("offers read by name under their product; a chosen product narrows them; the chip names the offer", async ({ page }, testInfo) => {
  const { offers, words, products } = offersTruth();
  expect(offers.size).toBeGreaterThan(4);
  expect(products.length).toBeGreaterThan(2);
  expect([...offers].some(([code, o]) => o.name !== code)).toBe(true);

  await signIn(page, creds.creator, "A");
  await page.goto(URL_MAY);
  await settled(page);

  // Every offer under each of its products, by its words; no bare code where the name says it.
  let offerGroup = await open(page, "Offer");
  for (const product of products) {
    const group = offerGroup.getByRole("group", { name: product, exact: true });
    const expected = [...offers].filter(([, o]) => o.products.has(product)).map(([code]) => words(code)).sort();
    await expect(group.getByRole("checkbox")).toHaveCount(expected.length);
    for (const w of expected) await expect(group.getByRole("checkbox", { name: w, exact: true })).toBeVisible();
  }
  await expect(offerGroup.getByRole("checkbox")).toHaveCount([...offers.values()].reduce((n, o) => n + o.products.size, 0));
  for (const [code, o] of offers) if (o.name !== code) await expect(offerGroup.getByRole("checkbox", { name: code, exact: true })).toHaveCount(0);

  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    if (width < 640) {
      // On a phone the controls sit behind "Filters".
      await page.getByRole("button", { name: /^Filters/ }).click();
      offerGroup = await open(page, "Offer");
    }
    await expect(offerGroup).toBeVisible();
    const box = await offerGroup.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`offer-popover-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // A product chosen (one with several offers): only its offers are listed.
  const offerCount = (p: string) => [...offers.values()].filter((o) => o.products.has(p)).length;
  const [product, other] = [...products].sort((a, b) => offerCount(b) - offerCount(a));
  expect(offerCount(product!)).toBeGreaterThan(1);
  const productGroup = await open(page, "Product");
  await productGroup.getByRole("checkbox", { name: product!, exact: true }).click();
  await page.waitForURL((u) => u.searchParams.get("product") === product);
  await settled(page);
  offerGroup = await open(page, "Offer");
  const ofProduct = [...offers].filter(([, o]) => o.products.has(product!));
  await expect(offerGroup.getByRole("group")).toHaveCount(1);
  await expect(offerGroup.getByRole("group", { name: product!, exact: true })).toBeVisible();
  await expect(offerGroup.getByRole("checkbox")).toHaveCount(ofProduct.length);
  for (const [code] of ofProduct) await expect(offerGroup.getByRole("checkbox", { name: words(code), exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("offer-popover-narrowed-1440.png") });

  // An offer chosen: its chip names it as the list does.
  const [code] = ofProduct[0]!;
  await offerGroup.getByRole("checkbox", { name: words(code), exact: true }).click();
  await page.waitForURL((u) => u.searchParams.get("offer") === code);
  await settled(page);
  const chips = page.getByRole("region", { name: "Active filters" });
  await expect(chips.getByTestId("filter-chip").filter({ hasText: "Offer:" })).toHaveText(new RegExp(`^Offer: ${escape(words(code))}`));
  await expect(chips.getByRole("button", { name: `Remove filter Offer: ${words(code)}`, exact: true })).toBeVisible();

  // Another product instead: the chosen offer stays listed (under its own product) so it can be unticked.
  const products2 = await open(page, "Product");
  await products2.getByRole("checkbox", { name: other!, exact: true }).click();
  await page.waitForURL((u) => (u.searchParams.get("product") ?? "").split(",").length === 2);
  await products2.getByRole("checkbox", { name: product!, exact: true }).click();
  await page.waitForURL((u) => u.searchParams.get("product") === other);
  await settled(page);
  offerGroup = await open(page, "Offer");
  const ofOther = [...offers].filter(([, o]) => o.products.has(other!));
  await expect(offerGroup.getByRole("checkbox")).toHaveCount(ofOther.length + 1);
  const kept = offerGroup.getByRole("group", { name: product!, exact: true }).getByRole("checkbox", { name: words(code), exact: true });
  await expect(kept).toBeChecked();
  await kept.click();
  await page.waitForURL((u) => !u.searchParams.has("offer"));
});

test("Orders, Refunds and Abandonment group their offers by product and name them too", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  const may = (resource: "orders" | "abandoned-carts") => groundTruth({ now: SANDBOX_NOW }, "creator", resource, MAY.from, "2026-06-01");
  const cases = [
    { path: "/orders", truth: offersTruth(may("orders")) },
    { path: "/refunds", truth: offersTruth() },
    { path: "/abandonment", truth: offersTruth(may("abandoned-carts"), "sessionInitializedAt") },
  ];
  for (const { path, truth } of cases) {
    expect(truth.offers.size, path).toBeGreaterThan(2);
    await page.goto(`${path}?from=${MAY.from}&to=${MAY.to}&compare=none&tz=UTC`);
    await settled(page);
    const offerGroup = await open(page, "Offer");
    for (const product of truth.products) {
      const group = offerGroup.getByRole("group", { name: product, exact: true });
      for (const [code, o] of truth.offers) if (o.products.has(product)) await expect(group.getByRole("checkbox", { name: truth.words(code), exact: true }), `${path} ${code}`).toBeVisible();
    }
  }
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
