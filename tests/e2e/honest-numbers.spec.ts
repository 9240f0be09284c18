// Issue #14, honest numbers: "new" instead of a percentage against nothing, today's bucket
// marked partial with nothing drawn after now, orders counted over time, bars that say their
// value, round compact axes, an empty period that says so, approval rates that name their basis.
import { expect, test, type Locator, type Page } from "./support/test";
import { groundTruth } from "../../sandbox/ground-truth";
import { SANDBOX_NOW, sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();
// The sandbox's data starts on 2024-06-15: the 30 days before its first month hold no record.
const FIRST_MONTH = { from: "2024-06-15", to: "2024-07-14" };

async function openRevenue(page: Page, query: string) {
  await page.goto(`/revenue?${query}`);
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 60_000 });
}

/** "R$ 150 mil", "$34K", "R$ 1,5 mi" → the number it stands for. */
function compactValue(text: string): number {
  const m = /(-?[\d.,]+)\s*(K|M|mil|mi)?/.exec(text.replace(/\u00a0/g, " "));
  if (!m) throw new Error(`not a compact amount: ${text}`);
  const digits = Number(m[1]!.replace(/,/g, ""));
  const unit = m[2] === "K" || m[2] === "mil" ? 1e3 : m[2] === "M" || m[2] === "mi" ? 1e6 : 1;
  return digits * unit;
}

// recharts 3 draws tick texts in a layer of their own, outside the axis group: the money
// axis's ticks are the ones that read as money.
async function moneyTicks(chart: Locator): Promise<number[]> {
  const ticks = chart.locator(".recharts-cartesian-axis-tick-value");
  await expect(ticks.first()).toBeVisible({ timeout: 30_000 });
  const texts = (await ticks.allTextContents()).filter((t) => /^(R\$|US\$|\$)/.test(t.trim()));
  expect(texts.length).toBeGreaterThan(2);
  expect(texts.join(" ")).not.toMatch(/[.,]\d\d(?!\d)/); // no cents on an axis
  return texts.map(compactValue);
}

function expectRoundEvenSteps(values: number[]) {
  expect(values[0]).toBe(0);
  const step = values[1]! - values[0]!;
  values.forEach((v, i) => expect(v).toBeCloseTo(i * step, 6));
  const mantissa = step / 10 ** Math.floor(Math.log10(step));
  expect([1, 2, 2.5, 5]).toContain(Number(mantissa.toPrecision(6)));
}

test('the "new" delta: against a comparison period before the first sale, a KPI says "new", never a percentage', async ({ page }) => {
  await signIn(page, creds.creator, "A");
  await openRevenue(page, `from=${FIRST_MONTH.from}&to=${FIRST_MONTH.to}&compare=previous`);
  const grid = page.getByRole("region", { name: /Key figures/ });
  const amount = grid.getByTestId("kpi-brl-transactionAmount-delta");
  await expect(amount).toHaveText("new");
  await expect(amount).toHaveAttribute("aria-label", "New: nothing to compare with in the comparison period");
  await expect(grid.getByTestId("kpi-brl-purchases-delta")).toHaveText("new");
  await expect(grid).not.toContainText("%");
  await expect(grid).not.toContainText("vs comparison");
  // In Portuguese too.
  await page.context().addCookies([{ name: "salesdash-locale", value: "pt-BR", url: page.url() }]);
  await page.reload();
  await expect(page.getByTestId("kpi-brl-transactionAmount-delta")).toHaveText("novo", { timeout: 60_000 });
});

test("today's bucket is marked partial and no hour after now is drawn", async ({ page }) => {
  await page.clock.install({ time: new Date(SANDBOX_NOW) });
  await signIn(page, creds.creator, "A");
  await openRevenue(page, "from=2026-06-15&to=2026-06-15&compare=none");
  const plot = page.getByTestId("over-time-plot").first();
  await expect(plot).toHaveAttribute("data-partial-bucket", "2026-06-15T12:00+00:00", { timeout: 30_000 });
  await expect(plot).toHaveAttribute("data-last-bucket", "2026-06-15T12:00+00:00");
  // 00:00 to 12:00: thirteen hours, none of the eleven still to come.
  await expect(plot.getByTestId("over-time-values").locator("tr")).toHaveCount(13);
  await expect(plot.getByTestId("partial-point")).toHaveCount(1);
  await expect(plot.locator(".recharts-legend-wrapper")).toContainText("(so far)");
  // A past range has nothing partial.
  await openRevenue(page, "from=2026-05-01&to=2026-05-31&compare=none");
  await expect(page.getByTestId("over-time-plot").first()).toHaveAttribute("data-partial-bucket", "", { timeout: 30_000 });
  await expect(page.getByTestId("partial-point")).toHaveCount(0);
});

test("orders over time shows the number of orders per day, equal to the ground truth, with the money apart", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  const range = { from: "2026-05-04", to: "2026-05-10" };
  await page.goto(`/orders?from=${range.from}&to=${range.to}&granularity=day&compare=none`);
  const truth = groundTruth({ now: SANDBOX_NOW }, "creator", "orders", range.from, "2026-05-11").filter((o) => o.currency === "brl");
  const perDay = new Map<string, number>();
  for (const o of truth) perDay.set(String(o.checkoutInitializedAt).slice(0, 10), (perDay.get(String(o.checkoutInitializedAt).slice(0, 10)) ?? 0) + 1);
  const series = page.getByTestId("orders-series-brl");
  const counts = series.locator('[data-measure="count"]');
  await expect(counts.locator("tr")).toHaveCount(7, { timeout: 60_000 });
  for (const row of await counts.locator("tr").all()) {
    const day = (await row.getAttribute("data-bucket"))!;
    await expect(row.locator("td")).toHaveAttribute("data-value", String(perDay.get(day) ?? 0));
  }
  expect([...perDay.values()].reduce((a, b) => a + b, 0)).toBe(truth.length);
  await expect(series.locator('[data-measure="amount"]')).toHaveCount(1);
});

test("bars say their value and axes have round compact ticks", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  await openRevenue(page, "from=2026-01-01&to=2026-03-31&compare=none");
  expectRoundEvenSteps(await moneyTicks(page.getByTestId("over-time-plot").first()));

  const chart = page.getByRole("figure", { name: "By product in BRL" });
  const bars = chart.locator(".recharts-bar-rectangle");
  await expect(bars.first()).toBeVisible();
  const labels = chart.locator(".recharts-label-list text");
  expect(await labels.count()).toBe(await bars.count());
  for (const text of await labels.allTextContents()) expect(text).toMatch(/^R\$\s?[\d.,]+\s?(K|M)?$/);
  expectRoundEvenSteps(await moneyTicks(chart));
});

test("an empty period says so in one sentence and links to a range with data", async ({ page }) => {
  await page.clock.install({ time: new Date(SANDBOX_NOW) });
  await signIn(page, creds.creator, "A");
  for (const [report, sentence] of [["orders", "No orders between"], ["abandonment", "No checkouts or abandoned carts between"], ["refunds", "No sales, refunds or chargebacks between"]] as const) {
    await page.goto(`/${report}?from=2023-01-01&to=2023-01-31`);
    await expect(page.getByTestId("empty-period")).toContainText(sentence, { timeout: 60_000 });
    await expect(page.getByRole("heading", { name: "Key figures" })).toHaveCount(0);
  }
  await page.goto("/revenue?from=2023-01-01&to=2023-01-31");
  const empty = page.getByTestId("empty-period");
  await expect(empty).toContainText("No sales between Jan 1, 2023 and Jan 31, 2023.", { timeout: 60_000 });
  await expect(page.locator("figure")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /Key figures/ })).toHaveCount(0);
  await empty.getByTestId("empty-period-link").click();
  await expect(page).toHaveURL(/from=2025-06-16&to=2026-06-15/);
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("empty-period")).toHaveCount(0);
  await expect(page.getByTestId("kpi-brl-purchases")).not.toHaveText("0");
});

test("approval rates name what they are computed over, next to the rate over all attempts", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  const range = { from: "2026-05-01", to: "2026-05-31" };
  await page.goto(`/abandonment?from=${range.from}&to=${range.to}&compare=none`);
  const carts = groundTruth({ now: SANDBOX_NOW }, "creator", "abandoned-carts", range.from, "2026-06-01");
  const attempts = carts.reduce((n, c) => n + Number(c.attemptCount ?? 0), 0);
  const approved = carts.reduce((n, c) => n + Number(c.attemptApprovedCount ?? 0), 0);
  const overCarts = page.getByTestId("approval-over-carts");
  await expect(overCarts).toContainText("Approval rate over abandoned carts' attempts", { timeout: 60_000 });
  await expect(overCarts).toContainText(`(${approved.toLocaleString("en-US")} of ${attempts.toLocaleString("en-US")})`);
  await expect(page.getByTestId("approval-basis").first()).toHaveText(`Over the attempts recorded in abandoned carts (${attempts.toLocaleString("en-US")} attempts)`);
  await expect(page.getByTestId("approval-over-all")).toContainText("Over all attempts, including purchased checkouts: at most");
  await expect(page.getByTestId("approval-overall")).toContainText("the exact overall rate cannot be computed");
});
