// Issue #13's first load: a report's figures come without the chart library, which arrives
// after them into frames that already have the charts' size; sign-out is a server action that
// ends the session on the server, even from a tab whose session another tab already ended.
import { gzipSync } from "node:zlib";
import { expect, test } from "./support/test";
import { REVENUE_URL, sandboxCredentials, signIn } from "./support/session";
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES, scriptsNamed } from "../../scripts/bench-bundle";

const creds = sandboxCredentials();
const RECHARTS = /recharts-(surface|wrapper|cartesian)/;

test.describe.configure({ mode: "serial" });

test("a report shows its figures before the chart library loads, then draws its charts in frames of the same size", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  // The chart library is not among the scripts the report's HTML names…
  const html = await (await page.request.get(REVENUE_URL)).text();
  const named = [...new Set(html.match(/\/_next\/static\/chunks\/[\w.\-/]+?\.js/g) ?? [])];
  expect(named.length).toBeGreaterThan(0);
  for (const src of named) expect(RECHARTS.test(await (await page.request.get(src)).text()), src).toBe(false);

  // …and when it is held back, the figures are on screen with the charts' placeholders.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/**", async (route) => {
    const response = await route.fetch();
    if (RECHARTS.test(await response.text())) await held;
    await route.fulfill({ response });
  });
  await page.goto(REVENUE_URL);
  await expect(page.getByTestId("purchase-total")).toBeVisible();
  const chart = page.getByRole("figure", { name: /over time in BRL/ }).first();
  await expect(chart.getByTestId("chart-placeholder")).toBeVisible();
  const before = await chart.boundingBox();
  expect(before?.height).toBeGreaterThan(200);
  release();
  await expect(chart.locator(".recharts-wrapper")).toBeVisible();
  await expect(chart.getByTestId("chart-placeholder")).toHaveCount(0);
  expect((await chart.boundingBox())?.height).toBe(before?.height);
});

// Issue #24's budget: every page's first load (the scripts its HTML names, each gzipped once,
// as `npm run bench:bundle` counts them) is at most 180 KiB.
test("every page's first-load JavaScript is at most 180 KiB gzip", async ({ page }) => {
  const gzipped = new Map<string, number>();
  const firstLoad = async (route: string) => {
    const answer = await page.request.get(route, { maxRedirects: 0 });
    expect(answer.status(), route).toBe(200);
    let total = 0;
    for (const src of scriptsNamed(await answer.text()).scripts) {
      if (!gzipped.has(src)) gzipped.set(src, gzipSync(await (await page.request.get(src)).body()).length);
      total += gzipped.get(src)!;
    }
    return total;
  };
  for (const route of PUBLIC_ROUTES) expect(await firstLoad(route), route).toBeLessThanOrEqual(180 * 1024);
  await signIn(page, creds.creator, "A");
  for (const route of SIGNED_IN_ROUTES) expect(await firstLoad(route), route).toBeLessThanOrEqual(180 * 1024);
});

test("sign-out ends the session on the server; a second tab's Sign out then just lands on the sign-in page", async ({ page, context }) => {
  await signIn(page, creds.creator, "A");
  const saved = await context.cookies();
  const other = await context.newPage();
  await other.goto(REVENUE_URL);
  await expect(other.getByTestId("account-label")).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/sign-in**");
  expect((await context.cookies()).some((c) => c.name.endsWith("next-auth.session-token"))).toBe(false);
  // The old cookie opens nothing: its vault entry is gone.
  await context.addCookies(saved);
  expect((await page.request.get("/api/reports/revenue?from=2026-06-09&to=2026-06-15")).status()).toBe(401);

  // The stale tab still shows the report; its Sign out meets an ended session and goes to sign-in.
  await other.getByRole("button", { name: "Sign out" }).click();
  await other.waitForURL("**/sign-in**");
  await expect(other.getByRole("heading", { name: "Sign in with your API credential" })).toBeVisible();
  expect((await context.cookies()).some((c) => c.name.endsWith("next-auth.session-token"))).toBe(false);
});

test("a sign-in submitted before the page's script runs never puts the key in a URL", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  await page.goto("/sign-in");
  await page.getByLabel("API key", { exact: true }).fill(creds.creator.apiKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForLoadState("load");
  expect(urls.length).toBeGreaterThan(1);
  for (const url of [...urls, page.url()]) expect(url).not.toContain(creds.creator.apiKey);
  expect((await context.cookies()).some((c) => c.name.endsWith("next-auth.session-token"))).toBe(false);
  await context.close();
});
