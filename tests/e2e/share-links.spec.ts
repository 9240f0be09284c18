// Share links (#15) as their users meet them: a creator and an affiliate make a link; a
// browser without cookies opens it and sees the figures of the snapshot's range, equal to the
// sandbox's ground truth; nothing it receives holds a customer's data or the key; the owner
// sees it in "Shared links", with its views, and turns it off; a password link locks after
// ten wrong tries.
import { expect, test, type Browser, type Page } from "./support/test";
import { centsOnScreen, expectKpiCents, kpiTruth } from "./support/revenue-truth";
import { sandboxCredentials, signIn } from "./support/session";
import { createShareLink, customerValues, holdsValue, openRevenueLoaded } from "./support/share-links";
import { enDay } from "./support/day-spelling";

const creds = sandboxCredentials();
const WEEK = { from: "2026-06-09", to: "2026-06-15" };
const QUERY = `from=${WEEK.from}&to=${WEEK.to}&compare=none`;

/** Opens a link in a new context without cookies; every body it receives is collected. */
async function openAsStranger(browser: Browser, url: string): Promise<{ page: Page; bodies: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ timezoneId: "UTC" });
  const page = await context.newPage();
  const bodies: string[] = [];
  page.on("response", async (r) => {
    try { bodies.push((await r.body()).toString("utf8")); } catch { /* a redirect has no body */ }
  });
  const answer = await page.goto(url);
  bodies.push(await answer!.text());
  return { page, bodies, close: () => context.close() };
}

const kpiCents = async (page: Page, currency: string, key: string) => centsOnScreen(await page.getByTestId(`kpi-${currency}-${key}`).first().textContent());

test("a creator's Revenue link opens without a session, equal to the ground truth, with no customer data, key, other report or cache", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, creds.creator, "A");
  await openRevenueLoaded(page, QUERY);
  const url = await createShareLink(page);

  const stranger = await openAsStranger(browser, url);
  const shared = stranger.page;
  await expect(shared.getByTestId("shared-report")).toBeVisible();
  await expect(shared.getByTestId("shared-range")).toContainText(`${enDay(WEEK.from)} to ${enDay(WEEK.to)}`);
  const truth = kpiTruth("creator", WEEK.from, WEEK.to);
  expect([...truth.keys()].sort()).toEqual(["brl", "usd"]);
  await expectKpiCents((currency, card) => kpiCents(shared, currency, card), truth, [["transactionAmount", "amountTransaction"], ["creatorNet", "amountCreatorNet"], ["refunded", "amountRefunded"]]);
  // No table of individual purchases, no control, no link to another report or range.
  await expect(shared.getByTestId("purchase-total")).toHaveCount(0);
  await expect(shared.locator('a[href^="/revenue"], a[href^="/orders"], a[href^="/refunds"], a[href^="/abandonment"], a[href^="/overview"], a[href^="/api/"]')).toHaveCount(0);
  await expect(shared.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  const answer = await shared.request.get(url);
  expect(answer.headers()["cache-control"]).toMatch(/private/);
  expect(answer.headers()["cache-control"]).toMatch(/no-store/);
  expect(answer.headers()["referrer-policy"]).toBe("no-referrer");
  expect(answer.headers()["x-robots-tag"]).toMatch(/noindex/);

  // Its downloads: aggregates only; the purchases file does not exist behind a link.
  for (const dataset of ["kpis", "series", "funds", "breakdown-product", "breakdown-country"]) {
    const file = await shared.request.get(`${url}/csv/${dataset}`);
    expect(file.status(), dataset).toBe(200);
    stranger.bodies.push((await file.body()).toString("utf8"));
  }
  expect((await shared.request.get(`${url}/csv/purchases`)).status()).toBe(404);
  await shared.waitForLoadState("networkidle");

  const secrets = [...customerValues("creator", WEEK.from, "2026-06-16"), creds.creator.apiKey];
  expect(secrets.length).toBeGreaterThan(100);
  const hits = secrets.filter((value) => stranger.bodies.some((body) => holdsValue(body, value)));
  expect(hits).toEqual([]);
  await stranger.close();
});

test("each creator report shares without a customer's data; an affiliate's link shows commission equal to the ground truth and nothing creator-only", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signIn(page, creds.creator, "A");
  const secrets = [...customerValues("creator", WEEK.from, "2026-06-16"), creds.creator.apiKey];
  for (const report of ["orders", "abandonment", "refunds"]) {
    await page.goto(`/${report}?${QUERY}`);
    await expect(page.getByTestId("report-body")).toBeVisible({ timeout: 60_000 });
    const url = await createShareLink(page);
    const stranger = await openAsStranger(browser, url);
    await expect(stranger.page.getByTestId("shared-report")).toBeVisible();
    const all = await stranger.page.request.get(`${url}/csv/kpis`);
    expect(all.status()).toBe(200);
    stranger.bodies.push((await all.body()).toString("utf8"));
    await stranger.page.waitForLoadState("networkidle");
    const hits = secrets.filter((value) => stranger.bodies.some((body) => holdsValue(body, value)));
    expect(hits, report).toEqual([]);
    await stranger.close();
  }

  const affiliate = await browser.newContext({ timezoneId: "UTC" });
  const own = await affiliate.newPage();
  await signIn(own, creds.affiliate, "A");
  await own.goto(`/revenue?${QUERY}`);
  await expect(own.getByTestId("purchase-total")).toBeVisible({ timeout: 45_000 });
  const url = await createShareLink(own);
  const stranger = await openAsStranger(browser, url);
  await expect(stranger.page.getByTestId("shared-report")).toBeVisible();
  for (const [currency, t] of kpiTruth("affiliate", WEEK.from, WEEK.to)) {
    expect(await kpiCents(stranger.page, currency, "commission")).toBe(t.cents.amountAffiliation);
    expect(await kpiCents(stranger.page, currency, "commissionNet")).toBe(t.cents.amountAffiliationNet);
  }
  const text = await stranger.page.locator("body").innerText();
  for (const word of ["Creator net", "Platform fees", "Attach rate"]) expect(text).not.toContain(word);
  await stranger.page.waitForLoadState("networkidle");
  const affiliateSecrets = [...customerValues("affiliate", WEEK.from, "2026-06-16"), creds.affiliate.apiKey];
  expect(affiliateSecrets.filter((value) => stranger.bodies.some((body) => holdsValue(body, value)))).toEqual([]);
  for (const body of stranger.bodies) expect(body.includes("amountCreatorNet")).toBe(false);
  await stranger.close();
  await affiliate.close();
});

test("Shared links lists a link with its views and last opening, and turning it off closes it at once", async ({ page, browser }) => {
  await signIn(page, creds.creator2, "A");
  await page.goto(`/refunds?${QUERY}`);
  await expect(page.getByTestId("report-body")).toBeVisible({ timeout: 60_000 });
  const url = await createShareLink(page, { expiry: "30" });
  const id = url.split("/s/")[1]!;

  for (let i = 0; i < 2; i++) {
    const stranger = await openAsStranger(browser, url);
    await expect(stranger.page.getByTestId("shared-report")).toBeVisible();
    await stranger.close();
  }
  await page.getByTestId("account-menu").click();
  await page.getByTestId("shared-links-link").click();
  await expect(page).toHaveURL(/\/shared-links$/);
  const row = page.getByTestId("shared-link-row").first();
  await expect(row.getByTestId("shared-link-views")).toHaveText("2");
  await expect(row.getByTestId("shared-link-last-opened")).toContainText("UTC");
  await expect(row.getByTestId("shared-link-status")).toHaveText("Active");
  // The list shows no token: the server keeps only its hash.
  expect(await page.content()).not.toContain(id);
  await row.getByTestId("shared-link-revoke").click();
  await expect(row.getByTestId("shared-link-status")).toHaveText("Turned off");

  const stranger = await openAsStranger(browser, url);
  await expect(stranger.page.getByTestId("shared-link-notice")).toHaveAttribute("data-kind", "revoked");
  await expect(stranger.page.getByRole("heading", { name: "This link was turned off" })).toBeVisible();
  expect((await stranger.page.request.get(`${url}/csv/kpis`)).status()).toBe(404);
  // An unknown token: the same kind of clear page.
  await stranger.page.goto(url.replace(/.{4}$/, "AAAA"));
  await expect(stranger.page.getByTestId("shared-link-notice")).toHaveAttribute("data-kind", "not_found");
  await stranger.close();
});

test("a password link asks for it, opens with it, and locks for 15 minutes after ten wrong tries", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, creds.creator2, "A");
  await openRevenueLoaded(page, QUERY);
  const url = await createShareLink(page, { password: "correct horse 42" });

  const first = await openAsStranger(browser, url);
  await expect(first.page.getByTestId("share-password")).toBeVisible();
  await expect(first.page.getByTestId("shared-report")).toHaveCount(0);
  expect((await first.page.request.get(`${url}/csv/kpis`)).status()).toBe(404);
  await first.page.getByLabel("Password").fill("correct horse 42");
  await first.page.getByRole("button", { name: "Open" }).click();
  await expect(first.page.getByTestId("shared-report")).toBeVisible();
  expect((await first.page.request.get(`${url}/csv/kpis`)).status()).toBe(200);
  await first.close();

  const second = await openAsStranger(browser, url);
  for (let i = 1; i <= 9; i++) {
    await second.page.getByLabel("Password").fill(`wrong ${i}`);
    await second.page.getByRole("button", { name: "Open" }).click();
    await expect(second.page.getByTestId("share-password-message")).toContainText(`${10 - i}`);
  }
  await second.page.getByLabel("Password").fill("wrong 10");
  await second.page.getByRole("button", { name: "Open" }).click();
  await expect(second.page.getByTestId("share-locked")).toContainText("locked until");
  await second.close();

  // Locked: even the right password does not open it now, in another browser too.
  const third = await openAsStranger(browser, url);
  await expect(third.page.getByTestId("share-locked")).toBeVisible();
  await expect(third.page.getByTestId("shared-report")).toHaveCount(0);
  await third.close();
});

test("on a phone, Share is in the Saved views menu, and its link opens on a phone", async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, creds.creator2, "A");
  await page.goto(`/refunds?${QUERY}`);
  await expect(page.getByTestId("report-body")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("share-open")).toBeHidden();
  await page.getByTestId("saved-views-toggle").click();
  await page.getByTestId("share-open-menu").click();
  await page.getByTestId("share-dialog").getByRole("button", { name: "Create link" }).click();
  const url = await page.getByTestId("share-url").inputValue();
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: "UTC" });
  const stranger = await context.newPage();
  await stranger.goto(url);
  await expect(stranger.getByTestId("shared-report")).toBeVisible();
  expect(await stranger.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await context.close();
});
