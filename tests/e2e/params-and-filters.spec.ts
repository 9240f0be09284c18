// Every parameter of a report URL checked (a bad currency, filter value or table column is a
// problem box with the nearest valid report), every filter a removable chip on every report
// (also one that matches nothing), the browser's zone by default and a searchable zone picker.
import { createRequire } from "node:module";
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "./support/test";
import { groundTruth } from "../../sandbox/ground-truth";
import { centsOnScreen, kpiTruth, newestPurchaseTime, purchasesOfLocalDays } from "./support/revenue-truth";
import { SANDBOX_NOW, sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();
const MAY = { from: "2026-05-01", to: "2026-05-31" };
const BASE = `from=${MAY.from}&to=${MAY.to}&compare=none`;
const LOAD = { timeout: 60_000 };

const settled = (page: Page) => expect(page.getByTestId("report-body")).toHaveAttribute("data-state", "current", LOAD);
const chips = (page: Page) => page.getByRole("region", { name: "Active filters" });
const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  })) as Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }>;
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("bad currency and filter messages: the problem names the value, the nearest valid report drops only it", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  await page.goto(`/revenue?${BASE}&currency=xyz&method=pix`);
  const problem = page.getByTestId("params-problem");
  await expect(problem).toContainText(`"xyz" is not a currency (currency=xyz); use an ISO 4217 code`);
  await problem.getByRole("link", { name: "Open the nearest valid report" }).click();
  await page.waitForURL((u) => u.pathname === "/revenue" && !u.searchParams.has("currency"));
  expect(new URL(page.url()).searchParams.get("method")).toBe("pix");
  await settled(page);
  await expect(chips(page).getByRole("button", { name: "Remove filter Payment method: Pix" })).toBeVisible();
  // The dropdown's options are words too, the selected one ticked.
  await expect(page.getByRole("checkbox", { name: "Pix", exact: true, includeHidden: true })).toBeChecked();

  await page.goto(`/orders?${BASE}&type=bogus`);
  await expect(page.getByTestId("params-problem")).toContainText(`"bogus" is not a purchase type (type=bogus); use one of front, upsell, order_bump, downsell.`);
  await page.goto(`/revenue?${BASE}&country=Brazil`);
  await expect(page.getByTestId("params-problem")).toContainText(`"Brazil" is not a country (country=Brazil)`);
});

test("an unknown table column is a problem, and the nearest valid report keeps the valid ones", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  await page.goto(`/revenue?${BASE}&purchases.hide=offer,bogus`);
  const problem = page.getByTestId("params-problem");
  await expect(problem).toContainText(`"bogus" is not a column of the purchases table (purchases.hide=offer,bogus)`);
  await problem.getByRole("link", { name: "Open the nearest valid report" }).click();
  await page.waitForURL((u) => u.searchParams.get("purchases.hide") === "offer");
  await expect(page.getByTestId("purchase-total")).toBeVisible(LOAD);
});

test("a product filter that matches nothing keeps its chip, and one click brings the figures back", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  await page.goto(`/revenue?${BASE}&tz=UTC&product=${encodeURIComponent("No such product")}`);
  await settled(page);
  const chip = chips(page).getByTestId("filter-chip");
  await expect(chip).toHaveCount(1);
  await expect(chip).toContainText("Product: No such product");
  await expect(chip).toContainText("matches nothing");
  await expect(page.getByTestId("filters-match-nothing")).toBeVisible();
  // The dropdown is still there, the unmatched value ticked in it.
  await expect(page.getByRole("checkbox", { name: "No such product", includeHidden: true })).toBeChecked();
  await chips(page).getByRole("button", { name: "Remove filter Product: No such product" }).click();
  await page.waitForURL((u) => !u.searchParams.has("product"));
  await settled(page);
  await expect(chips(page)).toHaveCount(0);
  const truth = kpiTruth("creator", MAY.from, MAY.to).get("brl")!;
  await expect.poll(async () => centsOnScreen(await page.getByTestId("kpi-brl-transactionAmount").textContent())).toBe(truth.cents.amountTransaction);
});

test("filters from the URL are chips on Orders and Refunds too, with words and Clear all", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  await page.goto(`/orders?${BASE}&tz=UTC&method=pix&country=br`);
  await settled(page);
  await expect(chips(page).getByRole("button", { name: "Remove filter Payment method: Pix" })).toBeVisible();
  await expect(chips(page).getByRole("button", { name: "Remove filter Country: Brazil" })).toBeVisible();
  await chips(page).getByRole("button", { name: "Clear all" }).click();
  await page.waitForURL((u) => !u.searchParams.has("method") && !u.searchParams.has("country"));
  await expect(chips(page)).toHaveCount(0);

  await page.goto(`/refunds?${BASE}&tz=UTC&type=upsell&currency=brl`);
  await settled(page);
  await expect(chips(page).getByRole("button", { name: "Remove filter Purchase type: Upsell" })).toBeVisible();
  await expect(chips(page).getByRole("button", { name: "Remove filter Currency: BRL" })).toBeVisible();
});

test("Orders and Refunds have the filter bar; one filter popover at a time, closed by Escape or a click outside", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  await page.goto(`/orders?${BASE}&tz=UTC`);
  await settled(page);
  const summary = (name: string) => page.locator("summary", { hasText: new RegExp(`^${name}`) });
  const group = (name: string) => page.getByRole("group", { name, exact: true });
  await summary("Product").click();
  await expect(group("Product")).toBeVisible();
  await summary("Payment method").click();
  await expect(group("Payment method")).toBeVisible();
  await expect(group("Product")).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(group("Payment method")).toBeHidden();
  await summary("Country").click();
  await expect(group("Country")).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(group("Country")).toBeHidden();
  // The choices are the range's own values, in words; ticking one filters through the URL.
  await summary("Payment method").click();
  await group("Payment method").getByRole("checkbox", { name: "Pix" }).click();
  await page.waitForURL((u) => u.searchParams.get("method") === "pix");
  await settled(page);
  const pix = groundTruth({ now: SANDBOX_NOW }, "creator", "orders", MAY.from, "2026-06-01").filter((o) => o.paymentMethod === "pix");
  await expect(page.getByTestId("order-total")).toHaveText(pix.length.toLocaleString("en-US"));

  await page.goto(`/refunds?${BASE}&tz=UTC`);
  await settled(page);
  for (const name of ["Product", "Offer", "Purchase type", "Payment method", "PSP", "Affiliate"]) await expect(summary(name)).toBeVisible();
  // Refund records carry no country or card brand: the bar offers no filter it could not apply to them.
  await expect(summary("Country")).toHaveCount(0);
  await expect(summary("Card brand")).toHaveCount(0);
});

test.describe("in a browser set to São Paulo", () => {
  test.use({ timezoneId: "America/Sao_Paulo" });

  test("a report without a zone takes the browser's, says so, and shows its times in it", async ({ page }) => {
    await signIn(page, creds.creator, "A");
    const zone = "America/Sao_Paulo";
    // No view is asked for in another zone than the browser's, so none can be shown.
    const asked: URL[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith("/api/reports/")) asked.push(url);
    });
    const entries = await page.evaluate(() => history.length);
    await page.goto(`/revenue?${BASE}`);
    await page.waitForURL((u) => u.searchParams.get("tz") === zone);
    // Replaced, not pushed: Back does not lead to the zoneless address.
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    await expect(page.getByTestId("report-zone")).toHaveText("Times in America/Sao_Paulo (your browser’s zone)");
    const table = page.getByRole("region", { name: "Purchases" });
    await expect(table.getByRole("columnheader", { name: /Created \(America\/Sao_Paulo\)/ })).toBeVisible(LOAD);
    const inRange = purchasesOfLocalDays(zone, MAY);
    await expect(page.getByTestId("purchase-row").first()).toContainText(newestPurchaseTime(inRange, zone));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((u) => u.searchParams.get("tz") !== zone).map(String)).toEqual([]);

    // The CSV of the same report writes that time in the zone, the zone in the column's name.
    const response = await page.request.get(`/api/export/revenue/purchases?${BASE}&tz=${encodeURIComponent(zone)}`);
    const rows = parse(await response.body(), { bom: true, columns: true }) as Array<Record<string, string>>;
    const times = rows.map((r) => r["purchaseCreatedAt (America/Sao_Paulo)"]);
    expect(times).toHaveLength(inRange.length);
    expect(times.every((t) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?-03:00$/.test(t ?? ""))).toBe(true);
    expect(new Set(times.map((t) => Date.parse(t!)))).toEqual(new Set(inRange.map((p) => Date.parse(String(p.purchaseCreatedAt)))));
  });

  test("the zone picker lists every IANA zone, and a zone typed and confirmed changes the URL", async ({ page }) => {
    await signIn(page, creds.creator, "A");
    await page.goto(`/revenue?${BASE}&tz=UTC`);
    await settled(page);
    await expect(page.getByTestId("report-zone")).toHaveText("Times in UTC");
    const picker = page.getByRole("combobox", { name: "Time zone" });
    const listId = await picker.getAttribute("list");
    const options = await page.locator(`datalist[id="${listId}"] option`).evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(options.length).toBeGreaterThan(300);
    expect(options).toEqual(expect.arrayContaining(["UTC", "America/Sao_Paulo", "Asia/Tokyo", "Pacific/Chatham"]));
    await picker.fill("Mars/Olympus");
    await picker.press("Enter");
    await expect(page.getByText("“Mars/Olympus” is not a known time zone.")).toBeVisible();
    expect(new URL(page.url()).searchParams.get("tz")).toBe("UTC");
    await picker.fill("Asia/Tokyo");
    await picker.press("Enter");
    await page.waitForURL((u) => u.searchParams.get("tz") === "Asia/Tokyo");
    await expect(page.getByTestId("report-zone")).toHaveText("Times in Asia/Tokyo");
    await expect(page.getByTestId("report-range")).toContainText("(Asia/Tokyo)");
  });
});

test.describe("chips and the zone picker", () => {
  // axe is injected as a script tag; the dashboard's CSP (rightly) refuses inline scripts.
  test.use({ bypassCSP: true });
  for (const [width, colorScheme] of [[1280, "light"], [390, "dark"]] as const) {
    test(`pass axe, ${colorScheme} at ${width} px, also with an unknown zone typed`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await signIn(page, creds.creator, "A");
      await page.goto(`/revenue?${BASE}&tz=UTC&product=${encodeURIComponent("No such product")}&method=pix`);
      await settled(page);
      await expect(chips(page).getByTestId("filter-chip")).toHaveCount(2);
      if (width < 640) await page.getByRole("button", { name: /^Filters/ }).click();
      await page.getByRole("combobox", { name: "Time zone" }).fill("Mars/Olympus");
      await expect(page.getByText("“Mars/Olympus” is not a known time zone.")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }
});
