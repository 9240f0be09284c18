// The mirror as a user meets it across a restart: a report's days are kept, encrypted, in the
// data directory, so after the dashboard restarts the same report shows the same figures
// (equal to the ground truth) without one upstream request; and the background sync fills
// the days a later report reads, with nothing left to fetch. Each test runs a dashboard of its
// own (same production build, own data directory) because the shared one cannot restart.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./support/test";
import { centsOnScreen, kpiTruth } from "./support/revenue-truth";
import { startDashboard, type DashboardInstance } from "./support/dashboard-instance";
import { DASHBOARD_PORT, sandboxRequest } from "./support/sandbox";
import { sandboxCredentials, type Credential } from "./support/session";

const creds = sandboxCredentials();
const PORT = DASHBOARD_PORT + 1;

test.describe.configure({ timeout: 300_000 });

/** Requests the sandbox served to an account (its stats are keyed by the account's name). */
async function upstreamRequests(account: "creator" | "creator2"): Promise<number> {
  const stats = (await sandboxRequest("GET", "/__sandbox/stats")) as { accounts: Record<string, { requests: number }> };
  return stats.accounts[account]?.requests ?? 0;
}

function freshDataDir(name: string): string {
  const dir = path.resolve(`.data/e2e/${name}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

async function signInAt(page: Page, url: string, who: Credential): Promise<void> {
  await page.goto(`${url}/sign-in`);
  await page.getByLabel("API key", { exact: true }).fill(who.apiKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${url}/overview`);
}

async function kpisOnScreen(page: Page, currencies: string[]): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  for (const currency of currencies) {
    seen[`${currency} transaction`] = centsOnScreen(await page.getByTestId(`kpi-${currency}-transactionAmount`).textContent());
    seen[`${currency} refunded`] = centsOnScreen(await page.getByTestId(`kpi-${currency}-refunded`).textContent());
    seen[`${currency} purchases`] = Number((await page.getByTestId(`kpi-${currency}-purchases`).textContent())?.replace(/[^0-9]/g, ""));
  }
  return seen;
}

function kpisOfTruth(from: string, to: string): Record<string, number> {
  const truth: Record<string, number> = {};
  for (const [currency, t] of kpiTruth("creator", from, to)) {
    truth[`${currency} transaction`] = t.cents.amountTransaction ?? 0;
    truth[`${currency} refunded`] = t.cents.amountRefunded ?? 0;
    truth[`${currency} purchases`] = t.purchases;
  }
  return truth;
}

let instance: DashboardInstance | undefined;
test.afterEach(async () => {
  await instance?.stop();
  instance = undefined;
});

test("after a restart of the dashboard, a report shows the same figures with 0 upstream requests", async ({ page }) => {
  const dataDir = freshDataDir("restart");
  const RANGE = { from: "2025-03-01", to: "2025-04-30" };
  const url = (base: string) => `${base}/revenue?from=${RANGE.from}&to=${RANGE.to}&compare=previous`;
  const truth = kpisOfTruth(RANGE.from, RANGE.to);
  const currencies = [...new Set(Object.keys(truth).map((k) => k.split(" ")[0] as string))];

  instance = await startDashboard(PORT, dataDir);
  await signInAt(page, instance.url, creds.creator);
  const cold = await upstreamRequests("creator");
  await page.goto(url(instance.url));
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 60_000 });
  const before = await kpisOnScreen(page, currencies);
  expect(before).toEqual(truth);
  // The counter works: the first visit fetched both periods.
  expect(await upstreamRequests("creator")).toBeGreaterThan(cold);

  await instance.stop();
  instance = await startDashboard(PORT, dataDir);
  const requests = await upstreamRequests("creator");
  // The same browser, the same session cookie: the vault and the mirror are on disk.
  await page.goto(url(instance.url));
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 60_000 });
  expect(await kpisOnScreen(page, currencies)).toEqual(truth);
  expect(await upstreamRequests("creator")).toBe(requests);
});

test("the background sync fills the account's days: a report over them then spends no upstream request", async ({ page }) => {
  const dataDir = freshDataDir("sync");
  // The dashboard's clock is the machine's; the sandbox's data ends at its fixed now (2026-06-15).
  // A sync window reaching back past that date fills the sandbox's last weeks, whatever today is.
  const today = new Date().toISOString().slice(0, 10);
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse("2026-05-01T00:00:00Z")) / 86_400_000) + 1;
  instance = await startDashboard(PORT, dataDir, { SALESDASH_SYNC_DAYS: String(days) });
  await signInAt(page, instance.url, creds.creator);
  await expect
    .poll(async () => {
      const res = await page.request.get(`${instance!.url}/api/mirror/status`);
      const body = (await res.json()) as { synced?: number; total?: number };
      return body.synced === body.total && body.total === days;
    }, { timeout: 240_000, intervals: [1_000] })
    .toBe(true);

  const RANGE = { from: "2026-05-04", to: "2026-06-07" };
  const requests = await upstreamRequests("creator");
  expect(requests).toBeGreaterThan(0); // the sync fetched them
  await page.goto(`${instance.url}/revenue?from=${RANGE.from}&to=${RANGE.to}&compare=none`);
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 60_000 });
  const truth = kpisOfTruth(RANGE.from, RANGE.to);
  expect(await kpisOnScreen(page, [...new Set(Object.keys(truth).map((k) => k.split(" ")[0] as string))])).toEqual(truth);
  expect(await upstreamRequests("creator")).toBe(requests);
});
