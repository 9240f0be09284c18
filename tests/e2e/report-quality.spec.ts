// Which period is incomplete: a comparison period with unreadable records leaves the shown
// figures exact (and says so), and marks only the changes that depend on it.
import { parse } from "csv-parse/sync";
import { unzipSync, strFromU8 } from "fflate";
import { expect, test } from "./support/test";
import { setSandboxControls } from "./support/sandbox";
import { centsOnScreen, kpiTruth, purchasesTruth } from "./support/revenue-truth";
import { sandboxCredentials, signIn } from "./support/session";
import { enDay } from "./support/day-spelling";
import { LOCALE_COOKIE } from "../../lib/i18n/locales";

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
  await expect(banner.getByTestId("quality-comparison")).toContainText(`The comparison period (${enDay(COMPARISON.from)} to ${enDay(COMPARISON.to)}) is incomplete`);
  await expect(banner.getByTestId("quality-comparison")).toContainText("the totals shown are exact");
  await expect(page.getByRole("heading", { name: "Key figures", exact: true })).toBeVisible();

  const truth = kpiTruth("creator2", SHOWN.from, SHOWN.to);
  for (const [currency, t] of truth) {
    expect(centsOnScreen(await page.getByTestId(`kpi-${currency}-transactionAmount`).textContent())).toBe(t.cents.amountTransaction);
  }
  expect(await page.getByTestId("partial-delta").count()).toBeGreaterThan(0);

  // The files: the purchases are complete; the KPI file holds the partial comparison and says so.
  const query = `from=${SHOWN.from}&to=${SHOWN.to}&compare=previous`;
  const purchases = await page.request.get(`/api/export/revenue/purchases?${query}`);
  expect(purchases.headers()["content-disposition"]).not.toContain("incomplete");
  expect(purchases.headers()["x-salesdash-incomplete"]).toBeUndefined();
  const kpis = await page.request.get(`/api/export/revenue/kpis?${query}`);
  expect(kpis.headers()["content-disposition"]).toContain("-incomplete.csv");
  expect(kpis.headers()["x-salesdash-incomplete"]).toMatch(/^Incomplete comparison period: \d+ record\(s\) came in a shape that could not be read/);
  await expect(page.getByTestId("csv-incomplete")).toHaveText("The key figures and over-time downloads hold the incomplete comparison period: their names end in “-incomplete”.");
});

test("in Portuguese, the note beside the buttons names the Revenue files in Portuguese", async ({ page }) => {
  await signIn(page, creds.creator2, "A");
  await setSandboxControls({ unreadableDays: [UNREADABLE_DAY] });
  // The language chosen in the account menu travels in this cookie (lib/i18n/request.ts).
  await page.context().addCookies([{ name: LOCALE_COOKIE, value: "pt-BR", url: page.url() }]);
  await page.goto(`/revenue?from=${SHOWN.from}&to=${SHOWN.to}&compare=previous`);
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(page.getByTestId("csv-incomplete")).toHaveText("Os downloads de indicadores e da evolução contêm o período de comparação incompleto: seus nomes terminam em “-incomplete”.", { timeout: 45_000 });
});

test("a download of an incomplete range says so in its name, a header, a README in the ZIP, and beside the button", async ({ page }) => {
  const RANGE = { from: "2025-12-01", to: "2025-12-07" };
  const unreadable = "2025-12-03";
  const truth = purchasesTruth("creator2", RANGE.from, RANGE.to);
  const lost = truth.filter((p) => String(p.checkoutInitializedAt).startsWith(unreadable)).length;
  expect(lost).toBeGreaterThan(0);
  await signIn(page, creds.creator2, "A");
  await setSandboxControls({ unreadableDays: [unreadable] });
  const query = `from=${RANGE.from}&to=${RANGE.to}&compare=none`;
  await page.goto(`/revenue?${query}`);
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId("quality-current")).toBeVisible();
  await expect(page.getByTestId("csv-incomplete")).toContainText("-incomplete");

  const csv = await page.request.get(`/api/export/revenue/purchases?${query}`);
  expect(csv.headers()["content-disposition"]).toContain(`_${RANGE.from}_to_${RANGE.to}-incomplete.csv`);
  expect(csv.headers()["x-salesdash-incomplete"]).toBe(`Incomplete: ${lost} record(s) came in a shape that could not be read and are left out (reference ${csv.headers()["x-salesdash-incomplete"]?.split("(reference ")[1]}`);
  const rows = parse(await csv.body(), { bom: true, columns: true }) as unknown[];
  expect(rows.length).toBe(truth.length - lost);

  const zip = await page.request.get(`/api/export/revenue/all?${query}`);
  expect(zip.headers()["content-disposition"]).toContain("-incomplete.zip");
  const files = unzipSync(new Uint8Array(await zip.body()));
  const readme = strFromU8(files["README.txt"]!);
  expect(readme).toContain("THESE FILES ARE INCOMPLETE");
  const csvNames = Object.keys(files).filter((n) => n.endsWith(".csv"));
  expect(csvNames.length).toBeGreaterThan(3);
  for (const name of csvNames) {
    expect(name).toMatch(/-incomplete\.csv$/);
    expect(readme).toContain(`${name}: Incomplete: ${lost} record(s)`);
  }
});

test("without a comparison, the same unreadable day says nothing about these exact figures", async ({ page }) => {
  await signIn(page, creds.creator2, "A");
  await setSandboxControls({ unreadableDays: [UNREADABLE_DAY] });
  await page.goto(`/revenue?from=${SHOWN.from}&to=${SHOWN.to}&compare=none`);
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId("quality-banner")).toHaveCount(0);
  await expect(page.getByTestId("partial-delta")).toHaveCount(0);
});
