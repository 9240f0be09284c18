// In the production build, where Next.js loads a module once per route bundle, the upstream
// client's state must still be one per process: three reports of one creator opened side by
// side share one rate budget (no 429, never more than 60 requests in a sliding minute) and
// one day cache and in-flight joining (no list window is asked for twice).
import { expect, test, type Page } from "./support/test";
import { sandboxRequest } from "./support/sandbox";
import { sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();
// A year of creator2 that no other spec opens, so the dashboard's day cache is cold for it.
const QUERY = "from=2024-07-01&to=2025-06-30&compare=none";

interface Served { t: number; method: string; path: string; query?: string; status: number; flow: string }
interface Stats { accounts: Record<string, { requests: number; byStatus: Record<string, number>; log: Served[] }> }

async function openReport(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(`${path}?${QUERY}`);
  await expect(page.locator(ready).first()).toBeVisible({ timeout: 240_000 });
}

test("Revenue, Refunds & chargebacks and Orders loaded side by side share one budget and one cache", async ({ page }) => {
  test.setTimeout(360_000);
  await signIn(page, creds.creator2, "A");
  // Counters from here on: only the three reports below.
  await sandboxRequest("POST", "/__sandbox/reset");
  const context = page.context();
  const [refunds, orders] = [await context.newPage(), await context.newPage()];
  await Promise.all([
    openReport(page, "/revenue", '[data-testid="purchase-total"]'),
    openReport(refunds, "/refunds", '[data-testid^="rf-"][data-testid$="-refunds"]'),
    openReport(orders, "/orders", '[data-testid^="orders-"][data-testid$="-count"]'),
  ]);

  const stats = (await sandboxRequest("GET", "/__sandbox/stats")) as Stats;
  const log = stats.accounts.creator2?.log ?? [];
  expect(log.length).toBeGreaterThan(0);
  expect(log.filter((e) => e.status === 429)).toEqual([]);
  // At most 60 requests in any sliding minute.
  const times = log.map((e) => e.t).sort((a, b) => a - b);
  let busiest = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while ((times[i] as number) - (times[j] as number) >= 60_000) j++;
    busiest = Math.max(busiest, i - j + 1);
  }
  expect(busiest).toBeLessThanOrEqual(60);
  // Every list window asked for once: what one view fetched, the others took from the cache
  // or joined while it was in flight.
  const windows = log.filter((e) => e.method === "GET" && /^\/api\/v1\/(purchases|orders|refunds|chargebacks)$/.test(e.path)).map((e) => `${e.path}${e.query ?? ""}`);
  expect(windows.length).toBeGreaterThan(0);
  const repeated = windows.filter((w, i) => windows.indexOf(w) !== i);
  expect(repeated).toEqual([]);
});
