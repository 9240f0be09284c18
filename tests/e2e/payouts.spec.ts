// The payout calendar (issue #16) against the sandbox's ground truth. The browser's clock is the
// sandbox's "now" (2026-06-15 12:00 UTC). This test turns the sandbox's records into sales and
// losses itself (amounts, shares, dates), then applies the model's pure functions, unit-tested on
// hand-worked fixtures, to them: every figure on screen and in the CSV must equal that, so what
// is checked here is everything between the upstream and the screen (fetching two years through
// the mirror, joining refunds and chargebacks, the zone's days, rounding and formatting).
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "@playwright/test";
import { backtestErrors, bandRatios, runBacktest } from "../../lib/analytics/payout-backtest";
import { payoutCalendar, type PayoutSale } from "../../lib/analytics/payout-calendar";
import { fitRiskModel, type LossEvent } from "../../lib/analytics/payout-risk";
import { backtestSpans, monthDays } from "../../lib/reports/payouts-month";
import { groundTruth } from "../../sandbox/ground-truth";
import { seriousViolations } from "./support/axe";
import { DASHBOARD_URL } from "./support/sandbox";
import { SANDBOX_NOW, sandboxCredentials, signIn, type Credential } from "./support/session";

test.use({ bypassCSP: true });

const creds = sandboxCredentials();
type Account = "creator2" | "affiliate";
type Rec = Record<string, unknown>;
const NOW = Date.parse(SANDBOX_NOW);
const HISTORY = { from: "2024-06-15", toExclusive: "2026-06-16" }; // 730 days before the sandbox's today, today included
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const money = (c: number, currency: string) => new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(c / 100);
const compact = (c: number, currency: string) => new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase(), notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(c / 100);
const pct = (ratio: number) => new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ratio);

function truth(account: Account, month: string) {
  const records = (resource: "purchases" | "refunds" | "chargebacks") => groundTruth({ now: SANDBOX_NOW }, account, resource, HISTORY.from, HISTORY.toExclusive) as Rec[];
  const netOf = (p: Rec) => cents(account === "affiliate" ? p.amountAffiliationNet : p.amountCreatorNet);
  const purchases = records("purchases");
  const byId = new Map(purchases.map((p) => [Number(p.purchaseId), p]));
  const sales: PayoutSale[] = purchases.map((p) => {
    const net = netOf(p);
    const refunded = cents(p.amountRefunded);
    return {
      id: Number(p.purchaseId),
      soldMs: Date.parse(String(p.purchaseCreatedAt)),
      netCents: net,
      product: String(p.productName ?? ""),
      currency: String(p.currency),
      availableMs: p.incomingAvailableAt ? Date.parse(String(p.incomingAvailableAt)) : null,
      refundedNetCents: refunded > 0 ? Math.round(net * Math.min(1, refunded / cents(p.amountTransaction))) : 0,
    };
  });
  const events: LossEvent[] = [];
  for (const [resource, kind] of [["refunds", "refund"], ["chargebacks", "chargeback"]] as const) {
    for (const r of records(resource)) {
      const sale = byId.get(Number(r.purchaseId));
      if (!sale) continue;
      events.push({ saleId: Number(r.purchaseId), kind, atMs: Date.parse(String(r.requestedAt)), lostCents: Math.round(netOf(sale) * Math.min(1, cents(r.amount) / cents(sale.amountTransaction))) });
    }
  }
  const model = fitRiskModel(sales, events, NOW);
  const backtest = runBacktest(sales, events, backtestSpans(HISTORY.from, NOW, "UTC"), NOW);
  const band = bandRatios(backtest.dayLosses);
  const { days, dayStartsMs } = monthDays(month, "UTC");
  return { calendar: payoutCalendar({ days, dayStartsMs, sales, events, model, band }), errors: backtestErrors(backtest.months), band };
}

async function openPayouts(page: Page, who: Credential, query: string) {
  await page.clock.setFixedTime(new Date(SANDBOX_NOW));
  // The sign-in form is filled by its English labels, then the language is the browser's again.
  await page.context().addCookies([{ name: "salesdash-locale", value: "en", url: DASHBOARD_URL }]);
  await signIn(page, who, "A");
  await page.context().clearCookies({ name: "salesdash-locale" });
  await page.goto(`/payouts${query}`);
  await expect(page.getByTestId("payouts-body")).toHaveAttribute("data-state", "current", { timeout: 150_000 });
}

const cellText = async (page: Page, currency: string, day: string, col: string) => (await page.getByTestId(`payouts-${currency}`).locator(`[data-testid="payouts-day"][data-day="${day}"] [data-col="${col}"]`).textContent())?.trim();

test("a creator's month: every day, total, calendar cell, back-test error and CSV row equal the ground truth", async ({ page }) => {
  test.setTimeout(300_000);
  await openPayouts(page, creds.creator2, "?month=2026-06");
  const t = truth("creator2", "2026-06");
  expect(t.calendar.length).toBeGreaterThan(0);
  expect(t.band).not.toBeNull();
  await expect(page.getByTestId("payouts-month")).toHaveText("June 2026");
  for (const c of t.calendar) {
    const section = page.getByTestId(`payouts-${c.currency}`);
    const withSales = c.days.filter((d) => d.sales > 0);
    await expect(section.getByTestId("payouts-day")).toHaveCount(withSales.length);
    for (const d of withSales) {
      const label = `${c.currency} ${d.day}`;
      expect(await cellText(page, c.currency, d.day, "sales"), label).toBe(String(d.sales));
      expect(await cellText(page, c.currency, d.day, "scheduled"), label).toBe(money(d.scheduled, c.currency));
      expect(await cellText(page, c.currency, d.day, "lost"), label).toBe(money(d.lost, c.currency));
      expect(await cellText(page, c.currency, d.day, "expectedLoss"), label).toBe(money(d.expectedLoss, c.currency));
      expect(await cellText(page, c.currency, d.day, "expected"), label).toBe(money(d.expected, c.currency));
      expect(await cellText(page, c.currency, d.day, "band"), label).toBe(`${money(d.low!, c.currency)} – ${money(d.high!, c.currency)}`);
      await expect(section.locator(`[data-testid="payouts-cell"][data-day="${d.day}"] [data-testid="payouts-cell-expected"]`)).toHaveText(compact(d.expected, c.currency));
    }
    const sum = (f: (d: (typeof c.days)[number]) => number) => c.days.reduce((n, d) => n + f(d), 0);
    await expect(section.getByTestId("payouts-total-scheduled")).toHaveText(money(sum((d) => d.scheduled), c.currency));
    await expect(section.getByTestId("payouts-total-lost")).toHaveText(money(sum((d) => d.lost), c.currency));
    await expect(section.getByTestId("payouts-total-expected")).toHaveText(money(sum((d) => d.expected), c.currency));
    await expect(section.getByTestId("payouts-total-band")).toHaveText(`${money(sum((d) => d.low!), c.currency)} to ${money(sum((d) => d.high!), c.currency)} (10th–90th percentile)`);
    await expect(section.getByTestId("payouts-available-so-far")).toHaveText(money(c.days.filter((d) => d.day < "2026-06-15").reduce((n, d) => n + d.scheduled - d.lost, 0), c.currency));
  }
  // The back-test's error per currency, as the page words it.
  for (const e of t.errors) {
    await expect(page.getByTestId(`payouts-backtest-${e.currency}`).getByTestId("payouts-backtest-error")).toContainText(`Mean error ${pct(e.meanAbsError)} over ${e.months} months`);
    await expect(page.getByTestId(`payouts-backtest-${e.currency}`).getByTestId("payouts-backtest-month")).toHaveCount(e.months);
  }

  const csv = await page.request.get((await page.getByTestId("payouts-csv").getAttribute("href"))!);
  expect(csv.status()).toBe(200);
  const rows = parse(await csv.body(), { bom: true, columns: true }) as Array<Record<string, string>>;
  const expected = t.calendar.flatMap((c) => c.days.map((d) => ({ ...d, currency: c.currency })));
  expect(rows).toHaveLength(expected.length);
  for (const d of expected) {
    const row = rows.find((r) => r.date === d.day && r.currency === d.currency)!;
    expect(row, `${d.currency} ${d.day}`).toBeDefined();
    expect([cents(row.scheduled), cents(row.refundedOrChargedBack), cents(row.expectedLosses), cents(row.expected), cents(row.bandLow), cents(row.bandHigh), Number(row.sales)]).toEqual([d.scheduled, d.lost, d.expectedLoss, d.expected, d.low, d.high, d.sales]);
    expect(row.status).toBe(d.day < "2026-06-15" ? "available" : d.day === "2026-06-15" ? "today" : "expected");
  }
});

test("months move with the links and the URL; a malformed month gets a clear answer", async ({ page }) => {
  test.setTimeout(240_000);
  await openPayouts(page, creds.creator2, "?month=2026-06");
  await page.getByRole("link", { name: "Next month" }).click();
  await page.waitForURL(/month=2026-07/);
  await expect(page.getByTestId("payouts-month")).toHaveText("July 2026");
  await expect(page.getByTestId("payouts-body")).toHaveAttribute("data-state", "current", { timeout: 60_000 });
  // July is the last month with anything to come: card payments wait at most 30 days.
  await expect(page.getByRole("link", { name: "Next month" })).toHaveCount(0);
  const july = truth("creator2", "2026-07");
  for (const c of july.calendar) await expect(page.getByTestId(`payouts-${c.currency}`).getByTestId("payouts-day")).toHaveCount(c.days.filter((d) => d.sales > 0).length);
  await page.getByRole("link", { name: "This month" }).click();
  await expect(page.getByTestId("payouts-month")).toHaveText("June 2026");

  await page.goto("/payouts?month=2026-13");
  await expect(page.getByTestId("params-problem")).toContainText('The month "2026-13" is not a month written YYYY-MM');
  await page.getByRole("link", { name: "Open the nearest valid report" }).click();
  await expect(page.getByTestId("payouts-month")).toHaveText("June 2026", { timeout: 60_000 });
});

test("an affiliate's calendar is of commission, and equals the ground truth", async ({ page }) => {
  test.setTimeout(240_000);
  await openPayouts(page, creds.affiliate, "");
  await expect(page.getByTestId("payouts-subtitle")).toContainText("Your commission");
  const t = truth("affiliate", "2026-06");
  for (const c of t.calendar) {
    const section = page.getByTestId(`payouts-${c.currency}`);
    const sum = (f: (d: (typeof c.days)[number]) => number) => c.days.reduce((n, d) => n + f(d), 0);
    await expect(section.getByTestId("payouts-total-scheduled")).toHaveText(money(sum((d) => d.scheduled), c.currency));
    await expect(section.getByTestId("payouts-total-expected")).toHaveText(money(sum((d) => d.expected), c.currency));
    await expect(section.getByTestId("payouts-total-expected-loss")).toHaveText(money(sum((d) => d.expectedLoss), c.currency));
  }
});

for (const scheme of ["light", "dark"] as const) {
  test(`on a phone in ${scheme}, and in pt-BR: no sideways scroll, no serious axe violation`, async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: scheme, locale: scheme === "dark" ? "pt-BR" : "en-US" });
    const page = await context.newPage();
    await openPayouts(page, creds.creator2, "?month=2026-06");
    if (scheme === "dark") {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Calendário de recebimentos");
      await expect(page.getByTestId("payouts-month")).toHaveText("Junho de 2026");
      // No English sentence left (the sandbox's product names aside, which are English).
      const english = /(?<!\p{L})(the|and|of|with|from|this|your|than|not|between|only|per|when|which)(?!\p{L})/iu;
      const lines = (await page.evaluate(() => document.body.innerText)).split("\n").filter((line) => english.test(line) && !/Preset|Pack|Lightroom|Photo/i.test(line));
      expect(lines).toEqual([]);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expect(page.getByTestId("payouts-calendar").first()).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/payouts-phone-${scheme}.png`, fullPage: true });
    await context.close();
  });
}

test("desktop screenshot, for the eye", async ({ page }) => {
  test.setTimeout(240_000);
  await openPayouts(page, creds.creator2, "?month=2026-06");
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/payouts-desktop.png", fullPage: true });
});
