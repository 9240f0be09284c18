// The payout calendar (issue #16) against the sandbox's ground truth. The browser's clock is the
// sandbox's "now" (2026-06-15 12:00 UTC). What needs no model is worked out here from the records
// alone, by local day: sales, money scheduled, already refunded or charged back, what became
// available, what each back-tested month finally kept. What the model expects is the model's pure
// functions (unit-tested on hand-worked fixtures) applied to sales and losses this test makes from
// the records itself. Every figure on screen and in the CSV must equal these, so what is checked
// is everything between the upstream and the screen: two years fetched through the mirror,
// refunds and chargebacks joined, alerts and disputes won, the zone's days, rounding, formatting.
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "./support/test";
import { backtestErrors, currencyBands, runBacktest } from "../../lib/analytics/payout-backtest";
import { payoutCalendar, type PayoutSale } from "../../lib/analytics/payout-calendar";
import { fitRiskModel, type LossEvent } from "../../lib/analytics/payout-risk";
import { backtestSpans, monthDays } from "../../lib/reports/payouts-month";
import { groundTruth } from "../../sandbox/ground-truth";
import { seriousViolations } from "./support/axe";
import { withOwnDashboard } from "./support/own-dashboard";
import { DASHBOARD_PORT, setSandboxControls } from "./support/sandbox";
import { SANDBOX_NOW, sandboxCredentials, signIn, type Credential } from "./support/session";

// A dashboard of its own: the calendar reads two years of each account it opens, and in the
// suite's shared dashboard those days would then come from its day cache for every later spec
// that expects to fetch them (report-quality and revenue-live did).
const PORT = DASHBOARD_PORT + 3;
const DASHBOARD_URL = `http://127.0.0.1:${PORT}`;
test.use({ bypassCSP: true, baseURL: DASHBOARD_URL });

withOwnDashboard(PORT, "payouts");

const creds = sandboxCredentials();
type Account = "creator" | "creator2" | "affiliate";
type Rec = Record<string, unknown>;
const NOW = Date.parse(SANDBOX_NOW);
const HISTORY = { from: "2024-06-15", toExclusive: "2026-06-16" }; // 730 days before the sandbox's today, today included
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const money = (c: number, currency: string) => new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(c / 100);
const compact = (c: number, currency: string) => new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase(), notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(c / 100);
const pct = (ratio: number) => new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ratio);
const localDay = (ms: number, tz: string) => new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(ms);

interface Plain { sales: number; scheduled: number; lost: number }

function truth(account: Account, month: string, tz = "UTC", withLosses = true) {
  const records = (resource: "purchases" | "refunds" | "chargebacks") => groundTruth({ now: SANDBOX_NOW }, account, resource, HISTORY.from, HISTORY.toExclusive) as Rec[];
  const netOf = (p: Rec) => cents(account === "affiliate" ? p.amountAffiliationNet : p.amountCreatorNet);
  const purchases = records("purchases");
  const byId = new Map(purchases.map((p) => [Number(p.purchaseId), p]));
  // Losses as the sandbox's records tell them: an alert moves no money, a dispute won gives it back.
  const events: LossEvent[] = [];
  if (withLosses) {
    for (const [resource, kind] of [["refunds", "refund"], ["chargebacks", "chargeback"]] as const) {
      for (const r of records(resource)) {
        const sale = byId.get(Number(r.purchaseId));
        if (!sale || r.kind === "alert") continue;
        const lostCents = Math.round(netOf(sale) * Math.min(1, cents(r.amount) / cents(sale.amountTransaction)));
        events.push({ saleId: Number(r.purchaseId), kind, atMs: Date.parse(String(r.requestedAt)), lostCents, ...(r.status === "won" ? { reversedMs: Date.parse(String(r.resolvedAt)) } : {}) });
      }
    }
  }
  const eventsBySale = new Map<number, LossEvent[]>();
  for (const e of events) (eventsBySale.get(e.saleId) ?? eventsBySale.set(e.saleId, []).get(e.saleId)!).push(e);
  const lostBy = (id: number, net: number, atMs: number, refunded: number) => {
    const requested = (eventsBySale.get(id) ?? []).filter((e) => e.atMs < atMs && !(e.reversedMs !== undefined && e.reversedMs < atMs)).reduce((n, e) => n + e.lostCents, 0);
    return Math.min(net, Math.max(requested, refunded));
  };
  const sales: PayoutSale[] = purchases.map((p) => {
    const net = netOf(p);
    const refunded = cents(p.amountRefunded);
    return { id: Number(p.purchaseId), soldMs: Date.parse(String(p.purchaseCreatedAt)), netCents: net, product: String(p.productName ?? ""), currency: String(p.currency), availableMs: p.incomingAvailableAt ? Date.parse(String(p.incomingAvailableAt)) : null, lostNowCents: refunded > 0 ? Math.round(net * Math.min(1, refunded / cents(p.amountTransaction))) : 0 };
  });
  // Without any model: per currency and local day of incomingAvailableAt.
  const plain = new Map<string, Plain>();
  for (const sale of sales) {
    if (sale.availableMs === null || localDay(sale.availableMs, tz).slice(0, 7) !== month) continue;
    const key = `${sale.currency} ${localDay(sale.availableMs, tz)}`;
    const day = plain.get(key) ?? plain.set(key, { sales: 0, scheduled: 0, lost: 0 }).get(key)!;
    day.sales++;
    day.scheduled += sale.netCents;
    day.lost += lostBy(sale.id, sale.netCents, NOW, sale.lostNowCents);
  }
  // Each back-tested month: what the sales made before it and paid out in it finally kept.
  const spans = backtestSpans(HISTORY.from, NOW, tz);
  const kept = new Map<string, number>();
  for (const span of spans) {
    for (const sale of sales) {
      if (sale.soldMs >= span.startMs || sale.availableMs === null || sale.availableMs < span.startMs || sale.availableMs >= span.endMs) continue;
      const key = `${span.month} ${sale.currency}`;
      kept.set(key, (kept.get(key) ?? 0) + sale.netCents - lostBy(sale.id, sale.netCents, NOW, sale.lostNowCents));
    }
  }
  // With the model's functions.
  const model = fitRiskModel(sales, events, NOW);
  const backtest = runBacktest(sales, events, spans, NOW, (ms) => Date.parse(`${localDay(ms, tz)}T00:00:00Z`) / 86_400_000);
  const bands = currencyBands(backtest);
  // The page's rule, worked out here from the back-tested months: the expectation is applied in a
  // currency only where its mean error (as a share of what was kept) is below that of none.
  const helps = new Set<string>();
  for (const currency of new Set(backtest.months.map((m) => m.currency))) {
    const months = backtest.months.filter((m) => m.currency === currency && m.actual > 0);
    const mean = (f: (m: (typeof months)[number]) => number) => months.reduce((n, m) => n + Math.abs(f(m) - m.actual) / m.actual, 0) / months.length;
    if (months.length > 0 && mean((m) => m.predicted) < mean((m) => m.naive)) helps.add(currency);
  }
  const { days, dayStartsMs } = monthDays(month, tz);
  const calendar = payoutCalendar({ days, dayStartsMs, sales, events, model, bandOf: (c) => bands.get(c)?.day ?? null, expects: (c) => helps.has(c) });
  return { calendar, plain, kept, backtest: backtest.months, errors: backtestErrors(backtest.months), bands, helps };
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


type Truth = ReturnType<typeof truth>;

/** Every day row, calendar cell and total of the page against the truth (the model-free figures first). */
async function expectMonth(page: Page, t: Truth, today: string) {
  expect(t.calendar.length).toBeGreaterThan(0);
  for (const c of t.calendar) {
    const section = page.getByTestId(`payouts-${c.currency}`);
    const withSales = c.days.filter((d) => d.sales > 0);
    await expect(section.getByTestId("payouts-day")).toHaveCount(withSales.length);
    for (const d of withSales) {
      const label = `${c.currency} ${d.day}`;
      // The calendar's own figures first agree with those worked out without it.
      expect({ sales: d.sales, scheduled: d.scheduled, lost: d.lost }, label).toEqual(t.plain.get(`${c.currency} ${d.day}`));
      const row = section.locator(`[data-testid="payouts-day"][data-day="${d.day}"]`);
      const cell = async (col: string) => (await row.locator(`[data-col="${col}"]`).textContent())?.trim();
      expect(await cell("sales"), label).toBe(String(d.sales));
      expect(await cell("scheduled"), label).toBe(money(d.scheduled, c.currency));
      expect(await cell("lost"), label).toBe(money(d.lost, c.currency));
      expect(await cell("expectedLoss"), label).toBe(money(d.expectedLoss, c.currency));
      expect(await cell("expected"), label).toBe(money(d.expected, c.currency));
      expect(await cell("band"), label).toBe(d.low === null ? "—" : `${money(d.low, c.currency)} – ${money(d.high!, c.currency)}`);
      await expect(section.locator(`[data-testid="payouts-cell"][data-day="${d.day}"] [data-testid="payouts-cell-expected"]`)).toHaveText(compact(d.expected, c.currency));
      // Where the expectation is not applied a day takes off only what was requested; a band holds its estimate.
      if (!t.helps.has(c.currency)) expect([d.expectedLoss, d.low, d.high], label).toEqual([0, null, null]);
      if (d.low !== null) expect([d.low <= d.expected, d.expected <= d.high!], label).toEqual([true, true]);
    }
    const sum = (f: (d: (typeof c.days)[number]) => number) => c.days.reduce((n, d) => n + f(d), 0);
    const base = sum((d) => d.scheduled - d.lost);
    const expectedLoss = sum((d) => d.expectedLoss);
    await expect(section.getByTestId("payouts-total-scheduled")).toHaveText(money(sum((d) => d.scheduled), c.currency));
    await expect(section.getByTestId("payouts-total-lost")).toHaveText(money(sum((d) => d.lost), c.currency));
    await expect(section.getByTestId("payouts-total-expected-loss")).toHaveText(money(expectedLoss, c.currency));
    await expect(section.getByTestId("payouts-total-expected")).toHaveText(money(base - expectedLoss, c.currency));
    const month = t.bands.get(c.currency)?.month;
    if (!t.helps.has(c.currency)) {
      await expect(section.getByTestId("payouts-total-band")).toHaveText("no band: no expectation in this currency (see below)");
      await expect(section.getByTestId("payouts-no-expectation")).toContainText(`No expectation in ${c.currency.toUpperCase()}`);
    } else if (month) {
      // The month's band holds the estimate: its ratios widened to hold 1.
      const low = base - Math.round(expectedLoss * Math.max(1, month.high));
      const high = base - Math.round(expectedLoss * Math.min(1, month.low));
      expect(low <= base - expectedLoss && base - expectedLoss <= high).toBe(true);
      await expect(section.getByTestId("payouts-total-band")).toHaveText(`${money(low, c.currency)} to ${money(high, c.currency)} (10th–90th percentile)`);
      await expect(section.getByTestId("payouts-no-expectation")).toHaveCount(0);
    }
    await expect(section.getByTestId("payouts-available-so-far")).toHaveText(money(c.days.filter((d) => d.day < today).reduce((n, d) => n + d.scheduled - d.lost, 0), c.currency));
  }
}

test("a creator's month: every day, total, calendar cell, back-test month and CSV row equal the ground truth", async ({ page }) => {
  test.setTimeout(300_000);
  await openPayouts(page, creds.creator2, "?month=2026-06");
  const t = truth("creator2", "2026-06");
  await expect(page.getByTestId("payouts-month")).toHaveText("June 2026");
  // The page says which chargeback records count, as Refunds and Affiliates do.
  await expect(page.getByTestId("chargeback-rule")).toContainText("a won dispute gives the money back");
  await expectMonth(page, t, "2026-06-15");
  for (const [currency, bands] of t.bands) {
    expect(bands.day, currency).not.toBeNull();
    expect(bands.month, currency).not.toBeNull();
  }
  // The back-test: each month's "kept" worked out without the model; the error as the page words it.
  for (const e of t.errors) {
    const box = page.getByTestId(`payouts-backtest-${e.currency}`);
    await expect(box.getByTestId("payouts-backtest-error")).toContainText(`Mean error ${pct(e.meanAbsError)} over ${e.months} months`);
    await expect(page.getByTestId(`payouts-${e.currency}`).getByTestId("payouts-currency-backtest")).toContainText(`the expected amounts were ${pct(e.meanAbsError)} off on average over ${e.months} months, against ${pct(e.naiveMeanAbsError)} without the expectation`);
    await expect(box.getByTestId("payouts-backtest-month")).toHaveCount(e.months);
    for (const m of t.backtest.filter((b) => b.currency === e.currency)) {
      expect(m.actual, `${m.month} ${m.currency}`).toBe(t.kept.get(`${m.month} ${m.currency}`));
      const cells = box.locator(`[data-testid="payouts-backtest-month"][data-month="${m.month}"] td`);
      await expect(cells).toHaveText([String(m.sales), money(m.predicted, e.currency), money(m.actual, e.currency), pct((m.predicted - m.actual) / m.actual)]);
    }
  }

  const csv = await page.request.get((await page.getByTestId("payouts-csv").getAttribute("href"))!);
  expect(csv.status()).toBe(200);
  const rows = parse(await csv.body(), { bom: true, columns: true }) as Array<Record<string, string>>;
  const expected = t.calendar.flatMap((c) => c.days.map((d) => ({ ...d, currency: c.currency })));
  expect(rows).toHaveLength(expected.length);
  for (const d of expected) {
    const row = rows.find((r) => r.date === d.day && r.currency === d.currency)!;
    expect(row, `${d.currency} ${d.day}`).toBeDefined();
    expect([cents(row.scheduled), cents(row.refundedOrChargedBack), cents(row.expectedLosses), cents(row.expected), row.bandLow === "" ? null : cents(row.bandLow), row.bandHigh === "" ? null : cents(row.bandHigh), Number(row.sales)]).toEqual([d.scheduled, d.lost, d.expectedLoss, d.expected, d.low, d.high, d.sales]);
    expect(row.status).toBe(d.day < "2026-06-15" ? "available" : d.day === "2026-06-15" ? "today" : "expected");
  }
  const backtestCsv = parse(await (await page.request.get((await page.getByTestId("payouts-backtest-csv").getAttribute("href"))!)).body(), { bom: true, columns: true }) as Array<Record<string, string>>;
  expect(backtestCsv.map((r) => [r.month, r.currency, cents(r.kept), cents(r.predicted)])).toEqual(t.backtest.map((m) => [m.month, m.currency, m.actual, m.predicted]));
});

test("in São Paulo's zone the days are São Paulo's", async ({ page }) => {
  test.setTimeout(240_000);
  await openPayouts(page, creds.creator2, "?month=2026-06&tz=America%2FSao_Paulo");
  await expectMonth(page, truth("creator2", "2026-06", "America/Sao_Paulo"), "2026-06-15");
});

test.describe("in a browser set to São Paulo", () => {
  test.use({ timezoneId: "America/Sao_Paulo" });
  test("without a zone in the URL the calendar takes the browser's days, as the reports do", async ({ page }) => {
    test.setTimeout(240_000);
    await openPayouts(page, creds.creator2, "?month=2026-06");
    await expectMonth(page, truth("creator2", "2026-06", "America/Sao_Paulo"), "2026-06-15");
  });
});

test("when refunds and chargebacks answer 404 the calendar says so and takes off only what purchases tell", async ({ page }) => {
  test.setTimeout(300_000);
  await setSandboxControls({ refundsEnabled: false });
  try {
    // The creator's two years: no other spec reads its refunds that far, so nothing comes from the day cache.
    await openPayouts(page, creds.creator, "?month=2026-06");
    await expect(page.getByTestId("payouts-unavailable")).toContainText("did not offer refund or chargeback records");
    const t = truth("creator", "2026-06", "UTC", false);
    for (const c of t.calendar) {
      const section = page.getByTestId(`payouts-${c.currency}`);
      await expect(section.getByTestId("payouts-total-lost")).toHaveText(money(c.days.reduce((n, d) => n + (t.plain.get(`${c.currency} ${d.day}`)?.lost ?? 0), 0), c.currency));
      await expect(section.getByTestId("payouts-total-expected-loss")).toHaveText(money(0, c.currency));
    }
  } finally {
    await setSandboxControls({ refundsEnabled: true });
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

  // The history's first month misses what older sales paid out in it, and says so.
  await page.goto("/payouts?month=2024-06");
  await expect(page.getByTestId("payouts-incomplete")).toContainText("may miss payouts of sales made before the synced history");
  // Beyond next month nothing is scheduled: the answer says which months there are.
  await page.goto("/payouts?month=2026-09");
  await expect(page.getByTestId("payouts-month-problem")).toContainText("September 2026 is outside the calendar: it runs from June 2024 (the synced history's first month) to July 2026");
  await page.getByRole("link", { name: "Open the nearest month" }).click();
  await expect(page.getByTestId("payouts-month")).toHaveText("July 2026", { timeout: 60_000 });
  // The API says the same to a request that skips the page.
  const answer = await page.request.get("/api/reports/payouts?now=2026-06-15T12:00Z&month=2024-05");
  expect(answer.status()).toBe(400);
  expect(((await answer.json()) as { error: { message: string } }).error.message).toContain("month must be between 2024-06 (the synced history's first) and 2026-07");
  await page.goto("/payouts?month=2026-13");
  await expect(page.getByTestId("params-problem")).toContainText('The month "2026-13" is not a month written YYYY-MM');
  await page.getByRole("link", { name: "Open the nearest valid report" }).click();
  await expect(page.getByTestId("payouts-month")).toHaveText("June 2026", { timeout: 60_000 });
});

test("an affiliate's calendar is of commission, and equals the ground truth", async ({ page }) => {
  test.setTimeout(240_000);
  await openPayouts(page, creds.affiliate, "");
  await expect(page.getByTestId("payouts-subtitle")).toContainText("Your commission");
  await expectMonth(page, truth("affiliate", "2026-06"), "2026-06-15");
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
