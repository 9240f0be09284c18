// The Revenue report against the sandbox's ground truth: KPIs per currency for creator and
// affiliate (one range over 90 days with truncating windows), CSVs that parse and add up,
// no creator-only field for an affiliate, a URL that reproduces the view, a DST day.
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "./support/test";
import { centsOnScreen, expectKpiCents, kpiTruth, purchasesTruth } from "./support/revenue-truth";
import { sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();
const WEEK = { from: "2026-06-09", to: "2026-06-15" };
const LONG = { from: "2026-02-16", to: "2026-06-15" }; // 120 days: several windows, some truncated
const CREATOR_ONLY = ["amountCreatorNet", "amountCreatorPlatformFee", "amountCreatorTax", "creatorNet", "platformFees", "Creator net", "Platform fees"];

async function openReport(page: Page, query: string) {
  await page.goto(`/revenue?${query}`);
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 45_000 });
}

async function kpiCents(page: Page, currency: string, key: string) {
  return centsOnScreen(await page.getByTestId(`kpi-${currency}-${key}`).textContent());
}

async function kpiCount(page: Page, currency: string, key: string) {
  return Number((await page.getByTestId(`kpi-${currency}-${key}`).textContent())?.replace(/[^0-9]/g, ""));
}

function csvOf(body: Buffer): Array<Record<string, string>> {
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(body, { bom: true, columns: true }) as Array<Record<string, string>>;
}

test("a creator's KPIs equal the ground truth, per currency, for a week and for 120 days", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  for (const range of [WEEK, LONG]) {
    await openReport(page, `from=${range.from}&to=${range.to}&compare=none`);
    const truth = kpiTruth("creator", range.from, range.to);
    expect([...truth.keys()].sort()).toEqual(["brl", "usd"]);
    await expectKpiCents((currency, card) => kpiCents(page, currency, card), truth, [
      ["transactionAmount", "amountTransaction"], ["itemsGross", "amountItemsGross"], ["itemsNet", "amountItemsNet"], ["shipping", "amountShippingNet"], ["taxes", "amountTaxes"],
      ["platformFees", "amountCreatorPlatformFee"], ["creatorNet", "amountCreatorNet"], ["affiliationPaid", "amountAffiliation"], ["refunded", "amountRefunded"],
    ]);
    for (const [currency, t] of truth) {
      expect(await kpiCount(page, currency, "purchases")).toBe(t.purchases);
      expect(await kpiCount(page, currency, "orders")).toBe(t.orders);
    }
    await expect(page.getByTestId("quality-banner")).toHaveCount(0);
  }
});

test("an affiliate sees commission equal to the ground truth and no creator-only figure anywhere, CSVs included", async ({ page }) => {
  const payloads: string[] = [];
  // The data the browser receives: report streams, rows and files. The interface's dictionary
  // (every locale's words, "Creator net" among them) reaches every browser and is no figure.
  page.on("response", async (r) => {
    if (!new URL(r.url()).pathname.startsWith("/api/")) return;
    try { payloads.push((await r.body()).toString("utf8")); } catch { /* no body */ }
  });
  await signIn(page, creds.affiliate, "A");
  await openReport(page, `from=${LONG.from}&to=${LONG.to}`);
  for (const [currency, t] of kpiTruth("affiliate", LONG.from, LONG.to)) {
    expect(await kpiCents(page, currency, "commission")).toBe(t.cents.amountAffiliation);
    expect(await kpiCents(page, currency, "commissionNet")).toBe(t.cents.amountAffiliationNet);
    expect(await kpiCents(page, currency, "referredSales")).toBe(t.cents.amountTransaction);
    expect(await kpiCount(page, currency, "purchases")).toBe(t.purchases);
  }
  const text = await page.locator("body").innerText();
  for (const word of CREATOR_ONLY) expect(text).not.toContain(word);
  const query = `from=${LONG.from}&to=${LONG.to}`;
  for (const dataset of ["purchases", "kpis", "series", "funds", "breakdown-product", "all"]) {
    const res = await page.request.get(`/api/export/revenue/${dataset}?${query}`);
    expect(res.status()).toBe(200);
    payloads.push((await res.body()).toString("utf8"));
  }
  await page.waitForLoadState("networkidle");
  for (const body of payloads) for (const word of CREATOR_ONLY) expect(body.includes(word), word).toBe(false);
});

test("every CSV parses, and the purchases CSV adds up to the totals on screen", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  const query = `from=${WEEK.from}&to=${WEEK.to}&compare=none`;
  await openReport(page, query);
  const res = await page.request.get(`/api/export/revenue/purchases?${query}`);
  expect(res.headers()["content-type"]).toContain("text/csv");
  expect(res.headers()["content-disposition"]).toMatch(/attachment; filename="[a-z0-9-]+_revenue-purchases_2026-06-09_to_2026-06-15\.csv"/);
  const rows = csvOf(await res.body());
  expect(rows.length).toBe(purchasesTruth("creator", WEEK.from, WEEK.to).length);
  const byCurrency = new Map<string, number>();
  for (const row of rows) byCurrency.set(row.currency!, (byCurrency.get(row.currency!) ?? 0) + Math.round(Number(row.amountTransaction) * 100));
  for (const [currency, cents] of byCurrency) expect(cents).toBe(await kpiCents(page, currency, "transactionAmount"));
  expect(rows.some((r) => /^\d{4}$/.test(r.cardLast4 ?? "") && r.cardLast4!.startsWith("0"))).toBe(true);
  for (const dataset of ["kpis", "series", "funds", "attach-rates", "breakdown-product", "breakdown-country"]) {
    const csv = csvOf(await (await page.request.get(`/api/export/revenue/${dataset}?${query}`)).body());
    expect(csv.length).toBeGreaterThan(0);
  }
  const series = csvOf(await (await page.request.get(`/api/export/revenue/series?${query}`)).body());
  for (const [currency, cents] of byCurrency) {
    expect(series.filter((r) => r.currency === currency).reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0)).toBe(cents);
  }
});

test("a copied URL reproduces the view in a fresh browser signed in to the same account", async ({ page, browser }) => {
  await signIn(page, creds.creator, "A");
  const query = `from=2026-05-01&to=2026-06-15&compare=last_year&tz=America%2FSao_Paulo&product=Sourdough%20Masterclass,Home%20Barista%20Course&method=pix`;
  await openReport(page, query);
  const url = page.url();
  const before = await page.locator("[data-testid^=kpi-]").allTextContents();
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await signIn(fresh, creds.creator, "B");
  await fresh.goto(url);
  await expect(fresh.getByTestId("purchase-total")).toBeVisible({ timeout: 45_000 });
  expect(await fresh.locator("[data-testid^=kpi-]").allTextContents()).toEqual(before);
  await page.goBack();
  await page.goForward();
  await expect(page.getByTestId("purchase-total")).toBeVisible();
  expect(await page.locator("[data-testid^=kpi-]").allTextContents()).toEqual(before);
  await other.close();
});

test("a report in Europe/Berlin buckets the day clocks moved forward into 23 hours, each sale on its local hour", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  const query = "from=2026-03-29&to=2026-03-29&tz=Europe%2FBerlin&granularity=hour&compare=none";
  await openReport(page, query);
  const series = csvOf(await (await page.request.get(`/api/export/revenue/series?${query}`)).body());
  const brl = series.filter((r) => r.currency === "brl");
  expect(brl).toHaveLength(23);
  const localDay = (ts: string) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(ts));
  const truth = purchasesTruth("creator", "2026-03-28", "2026-03-29").filter((p) => localDay(String(p.checkoutInitializedAt)) === "2026-03-29" && p.currency === "brl");
  expect(brl.reduce((s, r) => s + Number(r.count), 0)).toBe(truth.length);
  expect(brl.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0)).toBe(truth.reduce((s, p) => s + Math.round(Number(p.amountTransaction) * 100), 0));
});

test("a malformed report address explains itself and links to the nearest valid report", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  await page.goto("/revenue?from=2026-02-30&to=2026-06-15&granularity=hour&tz=Mars%2FOlympus");
  const problem = page.getByTestId("params-problem");
  await expect(problem).toContainText("2026-02-30");
  await expect(problem).toContainText("Mars/Olympus");
  await problem.getByRole("link", { name: "Open the nearest valid report" }).click();
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 45_000 });
  expect(new URL(page.url()).searchParams.get("to")).toBe("2026-06-15");
});
