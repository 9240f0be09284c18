// Issue #24, point 11: 100 different wrong keys through the sign-in server action and 30 more
// through next-auth's own route. Only the first FAILURES_PER_ADDRESS reach the upstream (the
// sandbox counts the requests it refused before knowing an account); every later attempt is
// answered with the wait, in words, and sends nothing, the right key included. When the wait
// is over (the server's clock is moved, tests/support/shifted-clock.mjs: nobody waits a minute)
// the right key signs in at once. A dashboard of its own: its throttle is its own.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./support/test";
import { startDashboard, type DashboardInstance } from "./support/dashboard-instance";
import { DASHBOARD_PORT, sandboxRequest } from "./support/sandbox";
import { sandboxCredentials } from "./support/session";

const creds = sandboxCredentials();
const PORT = DASHBOARD_PORT + 4;
const FAILURES_PER_ADDRESS = 10; // lib/auth/sign-in-throttle.ts
const WAIT = /Too many sign-ins with a wrong credential\. For your account's safety, wait (\d+) seconds? before trying again\./;
const wrongKey = (i: number) => `sak_${String(i).padStart(40, "0")}`;

test.describe.configure({ timeout: 300_000 });

let dashboard: DashboardInstance | undefined;
test.afterEach(async () => {
  await dashboard?.stop();
  dashboard = undefined;
});

type Stats = { accounts: Record<string, { requests: number }>; unauthenticated: { requests: number } };
const sandboxStats = async () => (await sandboxRequest("GET", "/__sandbox/stats")) as Stats;

/** The sign-in action's id, from the build's server-reference manifest (as scripts/bench-bundle.ts finds it). */
function signInActionId(): string {
  const manifest = JSON.parse(fs.readFileSync(path.resolve(".next/server/server-reference-manifest.json"), "utf8")) as { node: Record<string, { filename: string; exportedName: string }> };
  const id = Object.entries(manifest.node).find(([, v]) => v.filename === "lib/actions/auth/sign-in.ts" && v.exportedName === "signInAction")?.[0];
  if (!id) throw new Error("the build has no sign-in action");
  return id;
}

/** One POST of the sign-in server action, as the form sends it; the answer's text. */
async function signInByAction(base: string, apiKey: string): Promise<string> {
  const answer = await fetch(`${base}/sign-in`, {
    method: "POST",
    headers: { "next-action": signInActionId(), "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", origin: base },
    body: JSON.stringify([{ apiKey, clientId: "", name: "", target: "production", callbackUrl: "/shared-links" }]),
  });
  return answer.text();
}

/** One POST of next-auth's Credentials callback; the error it sends the browser back with. */
async function signInByNextAuth(page: Page, base: string, apiKey: string): Promise<string> {
  const { csrfToken } = (await (await page.request.get(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
  const answer = await page.request.post(`${base}/api/auth/callback/sales-api`, { form: { csrfToken, apiKey, json: "true" }, maxRedirects: 0 });
  const location = answer.headers()["location"] ?? ((await answer.json().catch(() => ({}))) as { url?: string }).url ?? "";
  return new URL(location, base).searchParams.get("error") ?? "";
}

test("100 wrong keys: 10 reach the upstream, the rest wait in words; the right key works once the wait is over", async ({ page }) => {
  const dir = path.resolve(".data/e2e/sign-in-throttle");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const clockFile = path.join(dir, "clock-offset-ms");
  fs.writeFileSync(clockFile, "0");
  dashboard = await startDashboard(PORT, dir, { NODE_OPTIONS: `--import ${path.resolve("tests/support/shifted-clock.mjs")}`, SALESDASH_TEST_CLOCK_FILE: clockFile });
  const base = dashboard.url;
  const before = await sandboxStats();
  const sent = async () => (await sandboxStats()).unauthenticated.requests - before.unauthenticated.requests;

  // Through the sign-in server action.
  const answers: string[] = [];
  for (let i = 0; i < 100; i++) answers.push(await signInByAction(base, wrongKey(i)));
  expect(answers.slice(0, FAILURES_PER_ADDRESS).every((text) => text.includes("not accepted"))).toBe(true);
  const throttled = answers.slice(FAILURES_PER_ADDRESS);
  expect(throttled.every((text) => WAIT.test(text))).toBe(true);
  expect(await sent()).toBe(FAILURES_PER_ADDRESS);

  // Through next-auth's own route: the same throttle, the same words, nothing sent.
  for (let i = 100; i < 130; i++) expect(await signInByNextAuth(page, base, wrongKey(i))).toMatch(WAIT);
  expect(await sent()).toBe(FAILURES_PER_ADDRESS);

  // On the page, the right key during the wait: the sentence, and the upstream hears nothing.
  await page.goto(`${base}/sign-in?callbackUrl=%2Fshared-links`);
  await page.getByLabel("API key", { exact: true }).fill(creds.creator2.apiKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("#sign-in-error")).toContainText(WAIT);
  const seconds = Number(WAIT.exec((await page.locator("#sign-in-error").textContent()) ?? "")?.[1]);
  expect(seconds).toBeGreaterThan(0);
  const creator2 = (s: Stats) => Object.entries(s.accounts).filter(([name]) => name === "creator2").reduce((n, [, a]) => n + a.requests, 0);
  expect(creator2(await sandboxStats())).toBe(creator2(before));
  expect(await sent()).toBe(FAILURES_PER_ADDRESS);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(dir, "throttled-phone.png") });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(dir, "throttled-desktop.png") });

  // The wait passes on the server's clock; the right key then signs in at first try.
  fs.writeFileSync(clockFile, String((seconds + 1) * 1000));
  await new Promise((resolve) => setTimeout(resolve, 250)); // the clock file is read at most every 100 ms
  await page.getByLabel("API key", { exact: true }).fill(creds.creator2.apiKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/shared-links");
  expect(await sent()).toBe(FAILURES_PER_ADDRESS);
});
