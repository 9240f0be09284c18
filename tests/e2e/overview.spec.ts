// The Overview (issues #14, #24) against the sandbox's ground truth, computed here from its records
// and not from lib/analytics: the browser's clock is the sandbox's "now" (2026-06-15 12:00 UTC),
// so today so far is 00:00–12:00 against 2026-06-08 00:00–12:00, the last 30 days are
// 2026-05-17..2026-06-15 against the 30 before. Every tile leads to its report on those days;
// an affiliate sees no creator-only tile and the sandbox is never asked for one.
import { expect, test, type Page } from "./support/test";
import { CREATORS } from "../../sandbox/data/catalog";
import { groundTruth } from "../../sandbox/ground-truth";
import { centsOnScreen } from "./support/revenue-truth";
import { sandboxRequest } from "./support/sandbox";
import { SANDBOX_NOW, sandboxCredentials, signIn } from "./support/session";
import { enDay } from "./support/day-spelling";

const creds = sandboxCredentials();
type Account = "creator" | "affiliate";
type Rec = Record<string, unknown>;

const NOW = Date.parse(SANDBOX_NOW);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const TODAY = day(NOW);
const LAST30 = { from: day(NOW - 29 * DAY), to: TODAY };
const PREVIOUS30 = { from: day(NOW - 59 * DAY), to: day(NOW - 30 * DAY) };
const WEEK = { from: day(NOW - 6 * DAY), to: TODAY };
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const percent = (ratio: number) => new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(ratio);

function records(account: Account, resource: "purchases" | "chargebacks" | "abandoned-carts", from: string, toInclusive: string): Rec[] {
  return groundTruth({ now: SANDBOX_NOW }, account, resource, from, day(Date.parse(`${toInclusive}T00:00:00Z`) + DAY));
}

function sumBy(list: Rec[], key: (r: Rec) => string, value: (r: Rec) => number) {
  const out = new Map<string, { cents: number; count: number }>();
  for (const r of list) {
    const k = key(r);
    const e = out.get(k) ?? { cents: 0, count: 0 };
    out.set(k, { cents: e.cents + value(r), count: e.count + 1 });
  }
  return out;
}

const currencyOf = (r: Rec) => String(r.currency).toLowerCase();
const amountOf = (account: Account) => (r: Rec) => cents(account === "creator" ? r.amountCreatorNet : r.amountAffiliation);
const hoursOf = (list: Rec[], fromMs: number, toMs: number) => list.filter((p) => { const t = Date.parse(String(p.checkoutInitializedAt)); return t >= fromMs && t < toMs; });

/** The payout calendar's history: what the Overview's funds count, whatever the sale's age. */
const HISTORY_FROM = day(NOW - 730 * DAY);

/** `offset`: the browser's zone as "+00:00" or "-03:00" (São Paulo keeps no summer time). */
function truth(account: Account, offset = "+00:00") {
  const last30 = records(account, "purchases", LAST30.from, LAST30.to);
  const startOfToday = Date.parse(`${TODAY}T00:00:00${offset}`);
  // The UTC days around the zone's today and its day a week ago.
  const today = hoursOf(records(account, "purchases", day(NOW - DAY), day(NOW + DAY)), startOfToday, NOW);
  const weekAgo = hoursOf(records(account, "purchases", day(NOW - 8 * DAY), day(NOW - 6 * DAY)), startOfToday - 7 * DAY, NOW - 7 * DAY);
  const ids = new Set(last30.map((p) => p.purchaseId));
  // Chargebacks by the one rule (lib/analytics/sale-losses.ts, written again here): the sales with a
  // dispute opened, each once; alerts (early warnings) are not chargebacks.
  const disputed = new Set<unknown>();
  const chargebacks = records(account, "chargebacks", LAST30.from, LAST30.to).filter((c) => ids.has(c.purchaseId) && c.kind !== "alert" && !disputed.has(c.purchaseId) && disputed.add(c.purchaseId));
  const fundsEnd = startOfToday + 14 * DAY;
  // Every sale of the history, not only the last 30 days': a sale waits up to 30 days here (and longer elsewhere).
  const funds = records(account, "purchases", HISTORY_FROM, TODAY).filter((p) => { const t = Date.parse(String(p.incomingAvailableAt)); return t >= startOfToday && t < fundsEnd; });
  const fundsNet = (p: Rec) => cents(account === "creator" ? p.amountCreatorNet : p.amountAffiliationNet);
  return {
    today: sumBy(today, currencyOf, amountOf(account)),
    weekAgo: sumBy(weekAgo, currencyOf, amountOf(account)),
    last30: sumBy(last30, currencyOf, amountOf(account)),
    refunded: sumBy(last30.filter((p) => cents(p.amountRefunded) > 0), currencyOf, () => 0),
    chargebacks: sumBy(chargebacks, (c) => String(c.currency ?? "").toLowerCase(), () => 0),
    funds: sumBy(funds, currencyOf, fundsNet),
    products: sumBy(last30, currencyOf, () => 0),
    last30Records: last30,
  };
}

/** The five largest per currency, as names and cents, largest first. */
function top5(list: Rec[], currency: string, name: (r: Rec) => string, value: (r: Rec) => number): Array<[string, number]> {
  const rows = sumBy(list.filter((r) => currencyOf(r) === currency), name, value);
  return [...rows].map(([k, v]): [string, number] => [k, v.cents]).sort((a, b) => b[1] - a[1]).slice(0, 5);
}

/** Carts' currency by their offer, as the Abandonment spec writes the page's rule. */
const catalogOffers = CREATORS.flatMap((c) => c.offers.map((o) => ({ offerCode: o.offerCode, currency: o.currency })));
function cartCurrency(purchases: Rec[]): (offerCode: string) => string {
  const seen = new Map<string, Set<string>>();
  for (const { offerCode, currency } of [...purchases, ...catalogOffers] as Rec[]) {
    if (typeof offerCode !== "string" || typeof currency !== "string" || !currency) continue;
    (seen.get(offerCode) ?? seen.set(offerCode, new Set()).get(offerCode)!).add(currency.toLowerCase());
  }
  return (offerCode) => { const c = seen.get(offerCode); return c?.size === 1 ? [...c][0]! : "unknown"; };
}

async function openOverview(page: Page, who: Account) {
  // The browser's clock decides "now", as for the presets: the sandbox's, with timers running.
  await page.clock.setFixedTime(new Date(SANDBOX_NOW));
  await signIn(page, creds[who], "A");
  await page.goto("/overview");
  await expect(page.getByTestId("overview-body")).toHaveAttribute("data-state", "current", { timeout: 90_000 });
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? "";
const count = async (page: Page, testId: string) => Number((await text(page, testId)).replace(/[^0-9]/g, ""));

async function expectMoneyAndPurchases(page: Page, prefix: string, key: string, sums: Map<string, { cents: number; count: number }>) {
  for (const [currency, t] of sums) {
    expect(centsOnScreen(await text(page, `${prefix}-${currency}-${key}`)), `${prefix} ${currency} ${key}`).toBe(t.cents);
    expect(await count(page, `${prefix}-${currency}-purchases`), `${prefix} ${currency} purchases`).toBe(t.count);
  }
}

test("sign-in lands on the Overview, first in the navigation, and the brand leads back to it", async ({ page }) => {
  await page.clock.setFixedTime(new Date(SANDBOX_NOW));
  await signIn(page, creds.creator, "A");
  await page.goto("/revenue?from=2026-06-09&to=2026-06-15");
  const nav = page.getByRole("navigation", { name: "Reports" });
  await expect(nav.getByRole("link").first()).toHaveText("Overview");
  await page.getByRole("link", { name: "Salesdash" }).click();
  await page.waitForURL((url) => url.pathname === "/overview");
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
});

test("a creator's tiles equal the ground truth, per currency", async ({ page }) => {
  test.setTimeout(180_000);
  await openOverview(page, "creator");
  const t = truth("creator");
  expect([...t.last30.keys()].sort()).toEqual(["brl", "usd"]);
  await expectMoneyAndPurchases(page, "ov-today", "creatorNet", t.today);
  await expectMoneyAndPurchases(page, "ov-last30", "creatorNet", t.last30);
  // The change against a week ago and against the 30 days before, as the server subtracted it.
  for (const [currency, now] of t.today) {
    const before = t.weekAgo.get(currency)?.cents ?? 0;
    expect(centsOnScreen((await text(page, `ov-today-${currency}-creatorNet-delta`)).split(" vs ")[0]!.replace(/\(.*\)/, "").replace(/[▲▼]/, "")), `today delta ${currency}`).toBe(Math.abs(now.cents - before));
  }
  for (const [currency, p] of t.products) {
    expect(await text(page, `ov-rates-${currency}-refundRateCount`)).toBe(percent((t.refunded.get(currency)?.count ?? 0) / p.count));
    const rate = (t.chargebacks.get(currency)?.count ?? 0) / p.count;
    expect(await text(page, `ov-rates-${currency}-chargebackRate`)).toBe(percent(rate));
    await expect(page.getByTestId(`ov-rates-${currency}-standing`)).toHaveAttribute("data-standing", rate >= 0.015 ? "excessive" : rate >= 0.009 ? "watch" : "ok");
  }
  for (const [currency, f] of t.funds) expect(centsOnScreen(await text(page, `ov-funds-${currency}`)), `funds ${currency}`).toBe(f.cents);

  const carts = records("creator", "abandoned-carts", WEEK.from, WEEK.to).filter((c) => !c.isRecovered);
  const cartCurrencyOf = cartCurrency(records("creator", "purchases", WEEK.from, WEEK.to));
  for (const [currency, a] of sumBy(carts, (c) => cartCurrencyOf(String(c.offerCode)), (c) => cents(c.amountTransaction))) {
    expect(centsOnScreen(await text(page, `ov-abandoned-${currency}`)), `abandoned ${currency}`).toBe(a.cents);
  }

  for (const currency of ["brl", "usd"]) {
    const byProduct = top5(t.last30Records, currency, (p) => String(p.productName), (p) => cents(p.amountTransaction));
    // Offers are told apart by their code and shown by their name.
    const offerName = new Map(t.last30Records.map((p) => [String(p.offerCode), String(p.offerName)]));
    const byOffer = top5(t.last30Records, currency, (p) => String(p.offerCode), (p) => cents(p.amountTransaction)).map(([code, c]): [string, number] => [offerName.get(code)!, c]);
    for (const [dimension, expected] of [["product", byProduct], ["offer", byOffer]] as const) {
      const list = page.getByTestId(`ov-top-${dimension}-${currency}`);
      await expect(list.getByTestId("ov-top-name")).toHaveText(expected.map(([name]) => name));
      expect((await list.getByTestId("ov-top-amount").allTextContents()).map(centsOnScreen)).toEqual(expected.map(([, c]) => c));
    }
  }
});

test("each creator tile links to the report that explains it, on the same days, and the report shows the same figure", async ({ page }) => {
  test.setTimeout(240_000);
  await openOverview(page, "creator");
  const tile = async (id: string) => page.getByTestId(`ov-link-${id}`).getAttribute("href");
  expect(await tile("today")).toBe(`/revenue?from=${TODAY}&to=${TODAY}&granularity=hour`);
  expect(await tile("last30")).toBe(`/revenue?from=${LAST30.from}&to=${LAST30.to}`);
  expect(await tile("rates")).toBe(`/refunds?from=${LAST30.from}&to=${LAST30.to}`);
  expect(await tile("funds")).toBe("/payouts");
  expect(await tile("abandoned")).toBe(`/abandonment?from=${WEEK.from}&to=${WEEK.to}`);
  expect(await tile("top")).toBe(`/revenue?from=${LAST30.from}&to=${LAST30.to}#breakdowns-title`);

  const shown = await text(page, "ov-last30-brl-creatorNet");
  const rate = await text(page, "ov-rates-brl-chargebackRate");
  const abandoned = centsOnScreen(await text(page, "ov-abandoned-brl"));
  await page.getByTestId("ov-link-last30").click();
  await page.waitForURL((url) => url.pathname === "/revenue" && url.searchParams.get("from") === LAST30.from);
  await expect(page.getByTestId("report-range")).toContainText(`${enDay(LAST30.from)} to ${enDay(LAST30.to)}`);
  await expect(page.getByTestId("report-range")).toContainText(`compared with ${enDay(PREVIOUS30.from)} to ${enDay(PREVIOUS30.to)}`);
  await expect(page.getByTestId("kpi-brl-creatorNet")).toHaveText(shown, { timeout: 60_000 });

  await page.goBack();
  await page.getByTestId("ov-link-rates").click();
  await page.waitForURL((url) => url.pathname === "/refunds");
  await expect(page.getByTestId("rf-brl-chargebackRate")).toBeVisible({ timeout: 60_000 });
  expect(Number((await text(page, "rf-brl-chargebackRate")).replace("%", ""))).toBeCloseTo(Number(rate.replace("%", "")), 2);

  await page.goBack();
  await page.getByTestId("ov-link-abandoned").click();
  await page.waitForURL((url) => url.pathname === "/abandonment");
  await expect(page.getByTestId("ab-brl-abandonedValue")).toBeVisible({ timeout: 60_000 });
  expect(centsOnScreen(await text(page, "ab-brl-abandonedValue")) - centsOnScreen(await text(page, "ab-brl-recoveredValue"))).toBe(abandoned);

  await page.goBack();
  await page.getByTestId("ov-link-funds").click();
  await page.waitForURL((url) => url.pathname === "/payouts");
  await expect(page.getByRole("heading", { name: "Payout calendar", level: 1 })).toBeVisible({ timeout: 60_000 });
});

test("an affiliate sees commission, rates, funds and the products promoted, equal to the ground truth; no creator-only tile, endpoint or figure", async ({ page }) => {
  test.setTimeout(180_000);
  const served = async () => ((await sandboxRequest("GET", "/__sandbox/stats")) as { accounts: Record<string, { log: Array<{ path: string; query: string; status: number }> }> }).accounts.affiliate?.log ?? [];
  const payloads: string[] = [];
  page.on("response", async (r) => {
    if (r.url().includes("/api/reports/overview")) payloads.push(await r.text().catch(() => ""));
  });
  await openOverview(page, "affiliate");
  const t = truth("affiliate");
  await expectMoneyAndPurchases(page, "ov-today", "commission", t.today);
  await expectMoneyAndPurchases(page, "ov-last30", "commission", t.last30);
  for (const [currency, f] of t.funds) expect(centsOnScreen(await text(page, `ov-funds-${currency}`))).toBe(f.cents);
  for (const [currency, p] of t.products) {
    expect(await text(page, `ov-rates-${currency}-chargebackRate`)).toBe(percent((t.chargebacks.get(currency)?.count ?? 0) / p.count));
    const expected = top5(t.last30Records, currency, (r) => String(r.productName), (r) => cents(r.amountAffiliation));
    await expect(page.getByTestId(`ov-top-product-${currency}`).getByTestId("ov-top-name")).toHaveText(expected.map(([name]) => name));
  }
  await expect(page.getByTestId("ov-abandoned")).toHaveCount(0);
  await expect(page.getByTestId(/^ov-top-offer-/)).toHaveCount(0);
  await expect(page.getByText(/Net revenue|abandoned/i)).toHaveCount(0);
  expect(payloads.join("")).not.toMatch(/creatorNet|abandoned":\[/);
  // Everything the affiliate's key ever asked of this sandbox (the mirror may hold the days
  // already): the sign-in's one-record probe of /orders tells its type (403), nothing else of
  // the creator's is asked, by the Overview or any other page.
  const log = await served();
  expect(log.filter((r) => r.path === "/api/v1/orders" && r.query.includes("limit=1") && r.status === 403).length).toBeGreaterThan(0);
  expect(log.filter((r) => /abandoned-carts|checkouts/.test(r.path) || (r.path === "/api/v1/orders" && !r.query.includes("limit=1")))).toEqual([]);
});

test("a creator's funds count the sales older than 30 days that fall due in the next 14 (issue #24)", () => {
  // The guard of the check above: without sales older than the last 30 days among those due, it would prove nothing.
  const due = records("creator", "purchases", HISTORY_FROM, TODAY).filter((p) => { const t = Date.parse(String(p.incomingAvailableAt)); return t >= Date.parse(`${TODAY}T00:00:00Z`) && t < Date.parse(`${TODAY}T00:00:00Z`) + 14 * DAY; });
  expect(due.filter((p) => String(p.checkoutInitializedAt) < LAST30.from).length).toBeGreaterThan(0);
});

test.describe("in a São Paulo browser", () => {
  test.use({ timezoneId: "America/Sao_Paulo" });

  test("today so far is São Paulo's day, as on the Revenue report, and the links keep the zone (issue #24)", async ({ page }) => {
    test.setTimeout(180_000);
    await openOverview(page, "creator");
    // 12:00 UTC is 09:00 in São Paulo: today so far is 03:00–12:00 UTC, not 00:00–12:00.
    await expect(page.getByTestId("overview-now")).toContainText("America/Sao_Paulo");
    const t = truth("creator", "-03:00");
    const utc = truth("creator");
    expect([...t.today.values()].map((v) => v.cents)).not.toEqual([...utc.today.values()].map((v) => v.cents));
    await expectMoneyAndPurchases(page, "ov-today", "creatorNet", t.today);
    for (const [currency, f] of t.funds) expect(centsOnScreen(await text(page, `ov-funds-${currency}`)), `funds ${currency}`).toBe(f.cents);
    expect(await page.getByTestId("ov-link-today").getAttribute("href")).toBe(`/revenue?from=${TODAY}&to=${TODAY}&tz=America%2FSao_Paulo&granularity=hour`);
    expect(await page.getByTestId("ov-link-funds").getAttribute("href")).toBe("/payouts?tz=America%2FSao_Paulo");
    await page.screenshot({ path: test.info().outputPath("overview-sao-paulo-desktop.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("ov-funds").screenshot({ path: test.info().outputPath("overview-funds-phone.png") });
  });
});

test("the page speaks Brazilian Portuguese with Brazilian numbers", async ({ page, context }) => {
  test.setTimeout(120_000);
  await openOverview(page, "creator");
  await context.addCookies([{ name: "salesdash-locale", value: "pt-BR", url: page.url() }]);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Visão geral", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Relatórios" }).getByRole("link").first()).toHaveText("Visão geral");
  await expect(page.getByTestId("ov-last30-brl-creatorNet")).toHaveText(/^R\$\s[\d.]+,\d{2}$/, { timeout: 90_000 });
  await expect(page.getByTestId("ov-today")).toContainText("Hoje até agora");
});
