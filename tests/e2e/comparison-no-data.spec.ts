// Comparing with a period before the account's data (the sandbox's data starts on 2024-06-15,
// two years before its "now"): the KPI cards say "no data in the comparison period" instead of a
// percentage such as "+58,333%" (a figure this period has says "new"), and so does the KPI CSV.
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "./support/test";
import { sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();
// The first month of data: the previous 30 days hold no record at all.
const FIRST_MONTH = { from: "2024-06-15", to: "2024-07-14" };
// Its previous period (2024-05-21 to 2024-06-19) holds only the data's first five days.
const PARTLY_BEFORE = { from: "2024-06-20", to: "2024-07-19" };

async function openRevenue(page: Page, range: { from: string; to: string }) {
  await page.goto(`/revenue?from=${range.from}&to=${range.to}&compare=previous`);
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 60_000 });
  return page.getByRole("region", { name: /Key figures/ });
}

test("a comparison period with no data at all: every KPI card says so, with no percentage, and so does the CSV", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  const grid = await openRevenue(page, FIRST_MONTH);
  // A figure this period has says "new" (issue #14); one it has not says there is no data.
  const notes = grid.getByTestId("no-comparison-data");
  for (const note of await notes.all()) {
    await expect(note).toHaveText("No data in the comparison period");
    await expect(note).toHaveAttribute("aria-label", "Change not shown: no data in the comparison period");
  }
  const news = grid.locator("[data-new]");
  expect((await notes.count()) + (await news.count())).toBe(await grid.locator("[data-testid^=kpi-]:not([data-testid$=-delta])").count());
  await expect(grid).not.toContainText("%");
  await expect(grid).not.toContainText("vs comparison");
  await grid.screenshot({ path: test.info().outputPath("kpi-grid-no-comparison-data.png") });

  const res = await page.request.get(`/api/export/revenue/kpis?from=${FIRST_MONTH.from}&to=${FIRST_MONTH.to}&compare=previous`);
  const rows = parse(await res.body(), { bom: true, columns: true }) as Array<Record<string, string>>;
  expect(rows.length).toBeGreaterThan(0);
  // The CSV says "new" where the page does, and the no-data sentence elsewhere.
  for (const row of rows) {
    expect(row.comparisonNote).toBe(Number(row.value) > 0 ? "new" : "no data in the comparison period");
    expect(row.changeRatio).toBe("");
  }
  expect(rows.filter((row) => row.comparisonNote === "new").length).toBe(await news.count());
});

test("a comparison period that starts before the data: the page says from when it has data, and shows no percentage", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  const grid = await openRevenue(page, PARTLY_BEFORE);
  await expect(grid.getByTestId("comparison-coverage")).toHaveText("The comparison period has data only from Jun 15, 2024, so changes against it are not shown.");
  await expect(grid.getByTestId("no-comparison-data").first()).toHaveText("No data in the comparison period before Jun 15, 2024");
  await expect(grid).not.toContainText("%");
  await grid.screenshot({ path: test.info().outputPath("kpi-grid-partial-comparison.png") });
});

test("Abandonment and Refunds say the same instead of a change", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  for (const report of ["abandonment", "refunds"]) {
    await page.goto(`/${report}?from=${FIRST_MONTH.from}&to=${FIRST_MONTH.to}&compare=previous`);
    const figures = page.getByRole("region", { name: "Key figures" });
    await expect(figures.locator("[data-testid=no-comparison-data], [data-new]").first()).toHaveText(/^(No data in the comparison period|new)$/, { timeout: 60_000 });
    await expect(figures).not.toContainText("vs comparison");
  }
});
