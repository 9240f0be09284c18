// Issue #13: every report the same way. A change of range shows progress and the previous
// figures dimmed and labelled with their own range until the new ones arrive, which equal the
// ground truth; a report URL opened signed out comes back after sign-in; the navigation keeps
// the range across pages and marks the page open.
import { expect, test, type Page } from "./support/test";
import { groundTruth } from "../../sandbox/ground-truth";
import { kpiTruth, newestPurchaseTime, purchasesOfLocalDays } from "./support/revenue-truth";
import { SANDBOX_NOW, sandboxCredentials, signIn } from "./support/session";
import { enDay } from "./support/day-spelling";

const creds = sandboxCredentials();
const FIRST = { from: "2026-05-01", to: "2026-05-31" };
const SECOND = { from: "2026-04-01", to: "2026-05-31" };
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const numberIn = (text: string | null) => Number((text ?? "").split("(")[0]!.replace(/\D/g, ""));

interface Case {
  report: string;
  /** A figure of the page and its ground truth for a range. */
  figure: { testId: string; truth: (range: { from: string; to: string }) => number };
}

const purchasesIn = (range: { from: string; to: string }) => groundTruth({ now: SANDBOX_NOW }, "creator", "purchases", range.from, dayAfter(range.to));

const CASES: Case[] = [
  { report: "revenue", figure: { testId: "kpi-brl-purchases", truth: (r) => kpiTruth("creator", r.from, r.to).get("brl")!.purchases } },
  { report: "orders", figure: { testId: "orders-brl-count", truth: (r) => groundTruth({ now: SANDBOX_NOW }, "creator", "orders", r.from, dayAfter(r.to)).filter((o) => o.currency === "brl").length } },
  { report: "abandonment", figure: { testId: "cart-total", truth: (r) => groundTruth({ now: SANDBOX_NOW }, "creator", "abandoned-carts", r.from, dayAfter(r.to)).length } },
  { report: "refunds", figure: { testId: "rf-brl-refunds", truth: (r) => purchasesIn(r).filter((p) => p.currency === "brl" && Number(p.amountRefunded) > 0).length } },
];

/** Holds the report's stream for `from` until `release` is called: the page's waiting state can be looked at. */
async function holdReport(page: Page, report: string, from: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => url.pathname === `/api/reports/${report}` && url.searchParams.get("from") === from, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

for (const { report, figure } of CASES) {
  test(`${report}: a new range shows progress and the previous figures, labelled, then the new figures equal the ground truth`, async ({ page }) => {
    await signIn(page, creds.creator, "A");
    await page.goto(`/${report}?from=${FIRST.from}&to=${FIRST.to}&compare=none&tz=UTC`);
    const value = page.getByTestId(figure.testId);
    await expect(value).toBeVisible({ timeout: 60_000 });
    expect(numberIn(await value.textContent())).toBe(figure.truth(FIRST));

    const release = await holdReport(page, report, SECOND.from);
    // Typed as the page writes days, taken on Enter.
    await page.getByLabel("From", { exact: true }).fill(enDay(SECOND.from));
    await page.getByLabel("From", { exact: true }).press("Enter");
    await expect(page).toHaveURL(new RegExp(`from=${SECOND.from}`));
    // While the new range loads: the progress bar, and the old figures dimmed under their own range.
    await expect(page.getByTestId("fetch-progress")).toBeVisible();
    await expect(page.getByTestId("previous-range")).toHaveText(`Still showing the previous range, ${enDay(FIRST.from)} to ${enDay(FIRST.to)}, dimmed, until ${enDay(SECOND.from)} to ${enDay(SECOND.to)} is loaded.`);
    await expect(page.getByTestId("report-body")).toHaveAttribute("data-state", "previous");
    await expect(page.getByTestId("report-range")).toContainText(`${enDay(SECOND.from)} to ${enDay(SECOND.to)}`);
    expect(numberIn(await value.textContent())).toBe(figure.truth(FIRST));
    await page.screenshot({ path: test.info().outputPath(`${report}-previous-range.png`), fullPage: false });

    release();
    await expect(page.getByTestId("report-body")).toHaveAttribute("data-state", "current", { timeout: 60_000 });
    await expect(page.getByTestId("previous-range")).toHaveCount(0);
    await expect(page.getByTestId("fetch-progress")).toHaveCount(0);
    expect(numberIn(await page.getByTestId(figure.testId).textContent())).toBe(figure.truth(SECOND));
    expect(figure.truth(SECOND)).not.toBe(figure.truth(FIRST));
  });
}

test("a report URL opened signed out comes back after sign-in, with its query", async ({ page }) => {
  const url = `/orders?from=${FIRST.from}&to=${FIRST.to}&compare=last_year&tz=America%2FSao_Paulo`;
  await page.goto(url);
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  // The sign-in form of the page the report sent us to (not a fresh /sign-in).
  await page.getByLabel("API key", { exact: true }).fill(creds.creator.apiKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => u.pathname === "/orders");
  expect(new URL(page.url()).search).toBe(new URL(url, "http://x").search);
  await expect(page.getByTestId("report-range")).toContainText(`${enDay(FIRST.from)} to ${enDay(FIRST.to)} (America/Sao_Paulo)`);
  await expect(page.getByTestId("orders-brl-count")).toBeVisible({ timeout: 60_000 });
});

test("the navigation keeps range, comparison, zone and currency across pages and marks the page open", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  await page.goto(`/revenue?from=${FIRST.from}&to=${FIRST.to}&compare=last_year&tz=Europe%2FLisbon&currency=brl&product=Nope`);
  const nav = page.getByRole("navigation", { name: "Reports" });
  await expect(nav.getByRole("link", { name: "Revenue" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Refunds & chargebacks" }).click();
  await page.waitForURL((u) => u.pathname === "/refunds");
  const kept = new URL(page.url()).searchParams;
  expect(Object.fromEntries(kept)).toEqual({ from: FIRST.from, to: FIRST.to, compare: "last_year", tz: "Europe/Lisbon", currency: "brl" });
  await expect(nav.getByRole("link", { name: "Refunds & chargebacks" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Revenue" })).not.toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("report-range")).toContainText(`${enDay(FIRST.from)} to ${enDay(FIRST.to)} (Europe/Lisbon)`);
  // A change made here is carried on too.
  await page.getByLabel("To (inclusive)").fill("May 20, 2026");
  await page.getByLabel("To (inclusive)").press("Enter");
  await expect(page.getByTestId("report-body")).toHaveAttribute("data-state", "current", { timeout: 60_000 });
  await nav.getByRole("link", { name: "Orders" }).click();
  await page.waitForURL((u) => u.pathname === "/orders");
  expect(new URL(page.url()).searchParams.get("to")).toBe("2026-05-20");
  await expect(page.getByTestId("report-body")).toHaveAttribute("data-state", "current", { timeout: 60_000 });
  // Back to the report seen a moment ago: its figures come from the tab's one query cache,
  // even with the report's route held shut.
  await page.route((u) => u.pathname === "/api/reports/refunds", () => undefined);
  await page.goBack();
  await page.waitForURL((u) => u.pathname === "/refunds");
  await expect(page.getByTestId("report-body")).toHaveAttribute("data-state", "current");
  await expect(page.getByTestId("rf-brl-refunds")).toBeVisible();
});

test("a table writes its times in the report's zone and names the zone in its header", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  const zone = "America/Sao_Paulo";
  await page.goto(`/revenue?from=${FIRST.from}&to=${FIRST.to}&compare=none&tz=${encodeURIComponent(zone)}`);
  const table = page.getByRole("region", { name: "Purchases" });
  await expect(table.getByRole("columnheader", { name: /Created \(America\/Sao_Paulo\)/ })).toBeVisible({ timeout: 60_000 });
  // The day as every English day is written, then the zone's clock.
  await expect(page.getByTestId("purchase-row").first()).toContainText(newestPurchaseTime(purchasesOfLocalDays(zone, FIRST), zone));
});
