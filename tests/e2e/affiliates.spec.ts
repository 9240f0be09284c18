// The Affiliates leaderboard (creator only): every figure on screen and every CSV row equals
// what this test works out from the sandbox's purchases and chargebacks (support/affiliates-truth);
// sorting and the name/flag filter live in the URL; a name opens Revenue filtered to it; an
// affiliate key has no such report; the page fits a phone and is axe-clean, light and dark.
import { parse } from "csv-parse/sync";
import { expect, test, type Locator, type Page } from "./support/test";
import { seriousViolations } from "./support/axe";
import { affiliatesTruth, type AffiliateTruth } from "./support/affiliates-truth";
import { withOwnDashboard } from "./support/own-dashboard";
import { DASHBOARD_PORT, setSandboxControls } from "./support/sandbox";
import { createShareLink } from "./support/share-links";
import { fillSignIn, sandboxCredentials } from "./support/session";

const creds = sandboxCredentials();
const FROM = "2026-05-01";
const TO = "2026-05-31";
// The previous period of May (31 days before), and far enough on for every chargeback of May's sales.
const PREVIOUS = { from: "2026-03-31", to: "2026-04-30" };
const QUERY = `from=${FROM}&to=${TO}&compare=previous&tz=UTC`;
const URL = `/affiliates?${QUERY}`;
const truth = affiliatesTruth(FROM, TO, PREVIOUS, "2026-06-16");

const pct = (r: number) => new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(r);
const num = (n: number) => n.toLocaleString("en-US");
const money = (c: number, currency: string) => new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(c / 100);
const signed = (r: number) => `${r > 0 ? "+" : ""}${pct(r)}`;
const FLAG_TEXT: Record<string, string> = { high: "Above 2× the account", uncertain: "Above 2×, but may be chance", small: "Too few sales to judge", normal: "" };
const pct2 = (r: number) => new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(r);
const byName = (a: AffiliateTruth, b: AffiliateTruth) => a.affiliate.localeCompare(b.affiliate);

async function openAsCreator(page: Page, url = URL) {
  await fillSignIn(page, creds.creator, "A", undefined, url);
  await page.waitForURL((u) => u.pathname === "/affiliates");
  await expect(page.getByTestId("affiliates-block").first()).toBeVisible({ timeout: 60_000 });
}

const blockOf = (page: Page, currency: string) => page.locator(`[data-testid="affiliates-block"][data-currency="${currency}"]`);
const namesIn = (block: Locator) => block.getByTestId("affiliate-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-affiliate")));

test("every figure of the leaderboard and its CSV equals the ground truth", async ({ page }) => {
  test.setTimeout(180_000);
  expect(truth.rows.length).toBeGreaterThan(4);
  expect(truth.rows.some((r) => r.refundFlag === "small")).toBe(true);
  // May's data holds a rate above 2x the account's that chance could give (2 chargebacks in 250 sales).
  expect(truth.rows.some((r) => r.chargebackFlag === "uncertain")).toBe(true);
  await openAsCreator(page);
  await expect(page.getByTestId("affiliates-explained")).toContainText("even the low end of its 95% confidence interval (Wilson score) is above it, with at least 3 sales refunded or charged back");
  // The page says what a chargeback is: alerts are not counted, won disputes are.
  await expect(page.getByTestId("chargeback-rule")).toHaveText(/won or not.*alerts .* are not counted/);
  const currencies = [...new Set(truth.rows.map((r) => r.currency))];
  await expect(page.getByTestId("affiliates-block")).toHaveCount(currencies.length);
  for (const currency of currencies) {
    const block = blockOf(page, currency);
    const rows = truth.rows.filter((r) => r.currency === currency);
    const a = truth.accounts.get(currency)!;
    await expect(block.getByRole("heading", { level: 2 })).toContainText(`${currency.toUpperCase()} · ${rows.length} affiliates`);
    await expect(block.getByTestId("account-rates")).toHaveText(
      `Whole account in ${currency.toUpperCase()}: ${num(a.sales)} sales · refund rate ${pct(a.refunds / a.sales)} (${num(a.refunds)} of ${num(a.sales)}) · chargeback rate ${pct(a.chargebacks / a.sales)} (${num(a.chargebacks)} of ${num(a.sales)})`,
    );
    await expect(block.getByTestId("affiliate-row")).toHaveCount(rows.length);
    for (const r of rows) {
      const row = block.locator(`[data-testid="affiliate-row"][data-affiliate="${r.affiliate}"]`);
      const attach = (n: number) => `${r.frontOrders ? pct(n / r.frontOrders) : "—"}${num(n)} of ${num(r.frontOrders)}`;
      const rate = (n: number, flag: string) => `${pct(n / r.sales)}${num(n)} of ${num(r.sales)}${FLAG_TEXT[flag]}`;
      const change = (now: number, before: number) => signed((now - before) / before);
      const flagged = r.refundFlag === "high" || r.chargebackFlag === "high";
      await expect(row.getByTestId("cell-affiliate")).toHaveText(`${r.affiliate}${flagged ? "Flagged" : ""}`);
      await expect(row.getByTestId("cell-sales")).toHaveText(num(r.sales));
      await expect(row.getByTestId("cell-netRevenue")).toHaveText(money(r.netCents, currency));
      await expect(row.getByTestId("cell-commission")).toHaveText(money(r.commissionCents, currency));
      await expect(row.getByTestId("cell-orderBump")).toHaveText(attach(r.bumpOrders));
      await expect(row.getByTestId("cell-upsell")).toHaveText(attach(r.upsellOrders));
      await expect(row.getByTestId("cell-refundRate")).toHaveText(rate(r.refunds, r.refundFlag));
      await expect(row.getByTestId("cell-chargebackRate")).toHaveText(rate(r.chargebacks, r.chargebackFlag));
      // A flag, or a rate above 2x that may be chance, says why: the rate's 95% lower bound against 2x the account's.
      for (const [col, flag, low, n] of [["cell-refundRate", r.refundFlag, r.refundLow, a.refunds], ["cell-chargebackRate", r.chargebackFlag, r.chargebackLow, a.chargebacks]] as const) {
        if (flag !== "high" && flag !== "uncertain") continue;
        await expect(row.getByTestId(col).getByTestId(`flag-${flag}`)).toHaveAttribute("title", `With 95% confidence the rate is at least ${pct2(low)}; 2× the account's rate is ${pct2((2 * n) / a.sales)}.`);
      }
      await expect(row.getByTestId("cell-trend")).toHaveText(r.previousSales === 0 ? "New" : `Sales ${change(r.sales, r.previousSales)}Net ${change(r.netCents, r.previousNetCents)}`);
    }
    // A complete comparison: no change is marked partial.
    await expect(block.getByTestId("partial-delta")).toHaveCount(0);
    // Sorted by net revenue, largest first, unless the URL says otherwise.
    expect(await namesIn(block)).toEqual([...rows].sort((x, y) => y.netCents - x.netCents || byName(x, y)).map((r) => r.affiliate));
  }

  const response = await page.request.get(`/api/export/affiliates/affiliates?${QUERY}`);
  expect(response.status()).toBe(200);
  const csv = parse(await response.body(), { bom: true, columns: true }) as Array<Record<string, string>>;
  expect(csv).toHaveLength(truth.rows.length);
  for (const r of truth.rows) {
    const c = csv.find((x) => x.currency === r.currency && x.affiliate === r.affiliate)!;
    expect(c, `${r.currency} ${r.affiliate}`).toBeDefined();
    const a = truth.accounts.get(r.currency)!;
    expect([c.sales, c.frontOrders, c.orderBumpOrders, c.upsellOrders, c.refunds, c.chargebacks, c.previousSales].map(Number)).toEqual([r.sales, r.frontOrders, r.bumpOrders, r.upsellOrders, r.refunds, r.chargebacks, r.previousSales]);
    expect([c.salesAmount, c.netRevenue, c.commission, c.previousNetRevenue].map((v) => Math.round(Number(v) * 100))).toEqual([r.salesCents, r.netCents, r.commissionCents, r.previousNetCents]);
    expect([c.refundFlag, c.chargebackFlag]).toEqual([r.refundFlag, r.chargebackFlag]);
    expect(Number(c.refundRateLow95)).toBeCloseTo(r.refundLow, 9);
    expect(Number(c.chargebackRateLow95)).toBeCloseTo(r.chargebackLow, 9);
    expect(Number(c.refundRate)).toBeCloseTo(r.refunds / r.sales, 9);
    expect(Number(c.chargebackRate)).toBeCloseTo(r.chargebacks / r.sales, 9);
    expect(Number(c.accountRefundRate)).toBeCloseTo(a.refunds / a.sales, 9);
    expect(Number(c.accountChargebackRate)).toBeCloseTo(a.chargebacks / a.sales, 9);
    if (r.frontOrders) expect(Number(c.orderBumpRate)).toBeCloseTo(r.bumpOrders / r.frontOrders, 9);
    expect(Number(c.salesChange)).toBeCloseTo((r.sales - r.previousSales) / r.previousSales, 9);
    expect(Number(c.netRevenueChange)).toBeCloseTo((r.netCents - r.previousNetCents) / r.previousNetCents, 9);
  }
});

test("sorting and filtering change the URL and the rows; the address reproduces them; a name opens Revenue filtered to it", async ({ page }) => {
  test.setTimeout(180_000);
  await openAsCreator(page);
  const currency = "brl";
  const block = blockOf(page, currency);
  const rows = truth.rows.filter((r) => r.currency === currency);
  await block.getByTestId("sort-sales").click();
  await expect(page).toHaveURL(/affiliates\.sort=sales/);
  expect(await namesIn(block)).toEqual([...rows].sort((x, y) => y.sales - x.sales || byName(x, y)).map((r) => r.affiliate));
  await block.getByTestId("sort-sales").click();
  await expect(page).toHaveURL(/affiliates\.dir=asc/);
  expect(await namesIn(block)).toEqual([...rows].sort((x, y) => x.sales - y.sales || byName(x, y)).map((r) => r.affiliate));

  const needle = rows[0]!.affiliate.split(" ")[0]!.slice(1, 4).toLowerCase();
  await page.getByTestId("affiliates-filter").fill(needle);
  await expect(page).toHaveURL(new RegExp(`affiliates\\.q=${needle}`));
  const matching = rows.filter((r) => r.affiliate.toLowerCase().includes(needle)).sort((x, y) => x.sales - y.sales || byName(x, y)).map((r) => r.affiliate);
  await expect(block.getByTestId("affiliate-row")).toHaveCount(matching.length);
  expect(await namesIn(block)).toEqual(matching);
  // A copied address shows the same rows in the same order.
  await page.goto(page.url());
  await expect(block.getByTestId("affiliate-row")).toHaveCount(matching.length);
  expect(await namesIn(block)).toEqual(matching);

  await page.getByTestId("affiliates-filter").fill("");
  await page.getByTestId("affiliates-flagged").check();
  await expect(page).toHaveURL(/affiliates\.flagged=true/);
  const flagged = rows.filter((r) => r.refundFlag === "high" || r.chargebackFlag === "high").sort((x, y) => x.sales - y.sales || byName(x, y)).map((r) => r.affiliate);
  await expect(block.getByTestId("affiliate-row")).toHaveCount(flagged.length);
  expect(await namesIn(block)).toEqual(flagged);
  await page.getByTestId("affiliates-flagged").uncheck();

  const top = [...rows].sort((x, y) => y.sales - x.sales)[0]!;
  await block.locator(`[data-testid="affiliate-row"][data-affiliate="${top.affiliate}"]`).getByTestId("affiliate-link").click();
  await page.waitForURL((u) => u.pathname === "/revenue");
  const url = new globalThis.URL(page.url());
  expect([url.searchParams.get("from"), url.searchParams.get("to"), url.searchParams.get("tz"), url.searchParams.get("affiliate"), url.searchParams.get("currency")]).toEqual([FROM, TO, "UTC", top.affiliate, currency]);
  await expect(page.getByTestId(`kpi-${currency}-purchases`)).toHaveText(num(top.sales), { timeout: 60_000 });
});

test("a comparison period partly before the account's data shows no trend, on screen and in the CSV", async ({ page }) => {
  test.setTimeout(120_000);
  // Its previous period (2024-05-21 to 2024-06-19) holds only the data's first five days (it starts on 2024-06-15).
  const query = "from=2024-06-20&to=2024-07-19&compare=previous&tz=UTC";
  await openAsCreator(page, `/affiliates?${query}`);
  const cells = page.getByTestId("cell-trend");
  expect(await cells.count()).toBeGreaterThan(0);
  for (const cell of await cells.all()) await expect(cell).toHaveText("No data in the comparison period before Jun 15, 2024");
  const csv = parse(await (await page.request.get(`/api/export/affiliates/affiliates?${query}`)).body(), { bom: true, columns: true }) as Array<Record<string, string>>;
  expect(csv.length).toBeGreaterThan(0);
  for (const row of csv) expect([row.salesChange, row.comparisonNote]).toEqual(["", "no data in the comparison period before 2024-06-15"]);
});

test.describe("on a dashboard of its own", () => {
  // The unreadable day stays in a dashboard's mirror, marked incomplete, after the sandbox reads
  // it again: a dashboard of its own keeps it from every later spec.
  const PORT = DASHBOARD_PORT + 4;
  test.use({ baseURL: `http://127.0.0.1:${PORT}` });
  withOwnDashboard(PORT, "affiliates-partial");

  test("an incomplete comparison period marks every trend \"partial\", as the KPI cards' changes, and names the CSV incomplete", async ({ page }) => {
    test.setTimeout(120_000);
    const query = "from=2025-07-15&to=2025-07-28&compare=previous&tz=UTC";
    await setSandboxControls({ unreadableDays: ["2025-07-05"] });
    try {
      await fillSignIn(page, creds.creator2, "A", undefined, `/affiliates?${query}`);
      await page.waitForURL((u) => u.pathname === "/affiliates");
      await expect(page.getByTestId("affiliates-block").first()).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId("quality-comparison")).toContainText("The comparison period (Jul 1, 2025 to Jul 14, 2025) is incomplete");
      const cells = await page.getByTestId("cell-trend").all();
      expect(cells.length).toBeGreaterThan(0);
      for (const cell of cells) {
        await expect(cell.getByTestId("partial-delta")).toHaveCount(1);
        await expect(cell.getByTestId("partial-delta")).toHaveText("partial");
      }
      await page.screenshot({ path: "test-results/affiliates/partial-comparison.png", fullPage: true });
      await expect(page.getByTestId("csv-incomplete")).toHaveText("The leaderboard downloads hold the incomplete comparison period: their names end in “-incomplete”.");
      const csv = await page.request.get(`/api/export/affiliates/affiliates?${query}`);
      expect(csv.headers()["content-disposition"]).toContain("-incomplete.csv");
    } finally {
      await setSandboxControls({ unreadableDays: [] });
    }
  });
});

test("a share link of the leaderboard shows its figures and CSV, and links to no other report", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await openAsCreator(page);
  const link = await createShareLink(page);
  const visitor = await browser.newContext();
  try {
    const shared = await visitor.newPage();
    await shared.goto(link);
    await expect(shared.getByTestId("shared-report")).toHaveAttribute("data-report", "affiliates");
    const r = truth.rows.find((x) => x.currency === "usd")!;
    const row = blockOf(shared, "usd").locator(`[data-testid="affiliate-row"][data-affiliate="${r.affiliate}"]`);
    await expect(row.getByTestId("cell-netRevenue")).toHaveText(money(r.netCents, "usd"));
    await expect(shared.getByTestId("affiliate-link")).toHaveCount(0);
    const csv = shared.getByTestId("csv-affiliates").first();
    const response = await shared.request.get((await csv.getAttribute("href"))!);
    expect(response.status()).toBe(200);
    expect(parse(await response.body(), { bom: true, columns: true })).toHaveLength(truth.rows.length);
  } finally {
    await visitor.close();
  }
});

test("an affiliate key has no Affiliates item, and gets 403 from the page and its routes", async ({ page }) => {
  await fillSignIn(page, creds.affiliate, "A", undefined, `/refunds?${QUERY}`);
  await page.waitForURL((u) => u.pathname === "/refunds");
  await expect(page.getByRole("navigation").first().getByRole("link", { name: "Revenue" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Affiliates", exact: true })).toHaveCount(0);
  expect((await page.goto(URL))?.status()).toBe(403);
  expect((await page.request.get(`/api/reports/affiliates?${QUERY}`)).status()).toBe(403);
  expect((await page.request.get(`/api/export/affiliates/affiliates?${QUERY}`)).status()).toBe(403);
  expect((await page.request.get(`/api/export/affiliates/all?${QUERY}`)).status()).toBe(403);
});

test("when refunds and chargebacks answer 404 the leaderboard says so, and shows no chargeback rate as 0%", async ({ page }) => {
  test.setTimeout(120_000);
  // Days no other test opens, so nothing comes from the dashboard's day cache.
  const range = { from: "2025-06-01", to: "2025-06-30" };
  const t = affiliatesTruth(range.from, range.to, range, "2025-07-01");
  await setSandboxControls({ refundsEnabled: false });
  try {
    await openAsCreator(page, `/affiliates?from=${range.from}&to=${range.to}&compare=none&tz=UTC`);
    await expect(page.getByTestId("unavailable")).toContainText("refunds and chargebacks records");
    const r = t.rows.find((x) => x.currency === "brl")!;
    const row = blockOf(page, "brl").locator(`[data-testid="affiliate-row"][data-affiliate="${r.affiliate}"]`);
    // Refunds by sale come from the purchases themselves; chargebacks need their records.
    await expect(row.getByTestId("cell-refundRate")).toContainText(`${num(r.refunds)} of ${num(r.sales)}`);
    await expect(row.getByTestId("cell-chargebackRate")).toHaveText("Not available");
    await expect(page.getByTestId("cell-trend")).toHaveCount(0);
  } finally {
    await setSandboxControls({ refundsEnabled: true });
  }
});

test.describe("on a phone and a desktop, light and dark, in both languages", () => {
  test.use({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  test("the leaderboard fits a 390 px phone, is axe-clean, and reads in pt-BR", async ({ page }) => {
    test.setTimeout(240_000);
    await openAsCreator(page);
    await expect(page.getByRole("link", { name: "Affiliates", exact: true }).first()).toBeAttached();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const locale of ["en", "pt-BR"] as const) {
        await page.context().addCookies([{ name: "salesdash-locale", value: locale, url: page.url() }]);
        await page.setViewportSize({ width: 390, height: 844 });
        await page.reload();
        await expect(page.getByTestId("affiliates-block").first()).toBeVisible({ timeout: 60_000 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect(await seriousViolations(page), `${scheme} ${locale}`).toEqual([]);
        if (locale === "pt-BR") {
          await expect(page.getByRole("heading", { level: 1 })).toHaveText("Afiliados");
          const r = truth.rows.find((x) => x.currency === "brl")!;
          const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(r.netCents / 100);
          await expect(blockOf(page, "brl").locator(`[data-testid="affiliate-row"][data-affiliate="${r.affiliate}"]`).getByTestId("cell-netRevenue")).toHaveText(brl);
        }
        await page.screenshot({ path: `test-results/affiliates/phone-${scheme}-${locale}.png`, fullPage: true });
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.screenshot({ path: `test-results/affiliates/desktop-${scheme}-${locale}.png`, fullPage: true });
      }
    }
  });
});
