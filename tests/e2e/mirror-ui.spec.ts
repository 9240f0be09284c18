// The visible part of the mirror: every report says how fresh its data is and "Refresh now"
// asks the upstream for its days again (figures still equal to the ground truth); the shell's
// sync line comes from an answer that holds no identity; "Forget my data" signs out and leaves
// no day of the account in the mirror. Uses creator2 on days no other spec opens.
import { createHmac } from "node:crypto";
import Database from "better-sqlite3";
import { expect, test, type Page } from "./support/test";
import { centsOnScreen, kpiTruth } from "./support/revenue-truth";
import { SANDBOX_URL, sandboxRequest } from "./support/sandbox";
import { sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();
const RANGE = { from: "2025-08-04", to: "2025-08-17" };
const REVENUE = `/revenue?from=${RANGE.from}&to=${RANGE.to}&compare=none`;
const ORDERS = `/orders?from=${RANGE.from}&to=${RANGE.to}&compare=none`;
// playwright.config.ts gives the e2e dashboard this AUTH_SECRET.
const AUTH_SECRET = "e2e-only-secret-0123456789abcdef0123456789abcdef";

// Several report loads per test on a slow machine: a hang guard, not a speed check.
test.describe.configure({ mode: "serial", timeout: 180_000 });

type Stats = { accounts: Record<string, { log: Array<{ path: string; query: string }> }> };

/** creator2's upstream requests for `resource` whose window overlaps RANGE (UTC: the report's time zone). */
async function rangeRequests(resource: string): Promise<number> {
  const stats = (await sandboxRequest("GET", "/__sandbox/stats")) as Stats;
  const end = new Date(Date.parse(`${RANGE.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return (stats.accounts.creator2?.log ?? []).filter((r) => {
    if (!r.path.endsWith(`/${resource}`)) return false;
    const q = new URLSearchParams(r.query);
    return (q.get("from") ?? "") < end && (q.get("to") ?? "") > RANGE.from;
  }).length;
}

/** The mirror's account id of a session of this key (Flow A or B alike): lib/sales-api/credentials.ts credentialIdentity, written out again. */
function mirrorIdentity(apiKey: string): string {
  return createHmac("sha256", `salesdash-identity:${AUTH_SECRET}`).update(`${SANDBOX_URL}\0A\0${apiKey}`).digest("base64url");
}

function mirrorRows(account: string): number {
  const db = new Database(".data/e2e/mirror.sqlite", { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM days WHERE account = ?").get(account) as { n: number }).n;
  } finally {
    db.close();
  }
}

async function expectRevenueTruth(page: Page) {
  for (const [currency, t] of kpiTruth("creator2", RANGE.from, RANGE.to)) {
    await expect.poll(async () => centsOnScreen(await page.getByTestId(`kpi-${currency}-transactionAmount`).textContent())).toBe(t.cents.amountTransaction);
    expect(Number((await page.getByTestId(`kpi-${currency}-purchases`).textContent())?.replace(/[^0-9]/g, ""))).toBe(t.purchases);
  }
}

/** Clicks "Refresh now" and waits for the view's reload (`reloaded` matches its response) and the end of the pending state. */
async function refreshNow(page: Page, reloaded: (url: string, request: { method(): string; headers(): Record<string, string> }) => boolean) {
  const reload = page.waitForResponse((r) => r.ok() && reloaded(r.url(), r.request()));
  await page.getByRole("button", { name: "Refresh now" }).click();
  await reload;
  // Pending until the report is back, then offered again; no failure sentence.
  await expect(page.getByRole("button", { name: "Refresh now" })).toBeEnabled({ timeout: 45_000 });
  await expect(page.getByTestId("refresh-failure")).toHaveCount(0);
}

test("Revenue and Orders say how fresh their data is; Refresh now asks the upstream for the range again and the figures stay true", async ({ page }) => {
  await signIn(page, creds.creator2, "A");
  await page.goto(REVENUE);
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 45_000 });
  // Just fetched (or synced moments ago): a time of today, in the report's time zone.
  await expect(page.getByTestId("data-freshness")).toHaveText(/^Data as of \d{2}:\d{2}(;|$)/);
  await expectRevenueTruth(page);

  // A reload reads the mirror: closed days within their freshness cost no upstream request.
  const beforeReload = await rangeRequests("purchases");
  await page.reload();
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 45_000 });
  expect(await rangeRequests("purchases")).toBe(beforeReload);

  await refreshNow(page, (url) => url.includes("/api/reports/revenue?"));
  await expect.poll(() => rangeRequests("purchases")).toBeGreaterThan(beforeReload);
  await expect(page.getByTestId("data-freshness")).toHaveText(/^Data as of \d{2}:\d{2}$/);
  await expectRevenueTruth(page);

  // Every report reloads the same way: its streamed view again.
  await page.goto(ORDERS);
  await expect(page.getByTestId("data-freshness")).toHaveText(/^Data as of \d{2}:\d{2}/);
  const ordersBefore = await rangeRequests("orders");
  await refreshNow(page, (url) => url.includes(`/api/reports/orders?`));
  await expect.poll(() => rangeRequests("orders")).toBeGreaterThan(ordersBefore);
  await expect(page.getByTestId("data-freshness")).toHaveText(/^Data as of \d{2}:\d{2}$/);
});

/** Sets the fetch time of creator2's mirrored purchases days (the dashboard keeps the file open: WAL, with a wait for its lock); answers what they were. */
function setFetchedAt(days: readonly string[], at: (day: string) => number): Map<string, number> {
  const db = new Database(".data/e2e/mirror.sqlite", { fileMustExist: true, timeout: 10_000 });
  try {
    const account = mirrorIdentity(creds.creator2.apiKey);
    const was = new Map<string, number>();
    for (const day of days) {
      const row = db.prepare("SELECT fetched_at AS t FROM days WHERE account = ? AND resource = 'purchases' AND day = ?").get(account, day) as { t: number } | undefined;
      if (!row) throw new Error(`creator2's purchases of ${day} are not mirrored`);
      was.set(day, row.t);
      db.prepare("UPDATE days SET fetched_at = ? WHERE account = ? AND resource = 'purchases' AND day = ?").run(at(day), account, day);
    }
    return was;
  } finally {
    db.close();
  }
}

// Issue 24, point 5: the line names the days read longer ago than what. Three days of the range
// were last read 25 h ago (still fresh: days this old keep a week), as a mirror left overnight would hold them.
test("the freshness line names the days last read more than 24 h ago, in English and in Portuguese", async ({ page }) => {
  const aged = ["2025-08-05", "2025-08-06", "2025-08-10"];
  await signIn(page, creds.creator2, "A");
  await page.goto(REVENUE);
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 45_000 });
  const was = setFetchedAt(aged, () => Date.now() - 25 * 3_600_000);
  try {
    await page.reload();
    await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId("data-freshness-stale")).toHaveText("3 days last read more than 24 h ago: Aug 5, 2025; Aug 6, 2025; Aug 10, 2025.");
    await expectRevenueTruth(page);
    await page.getByTestId("data-freshness-stale").screenshot({ path: "test-results/mirror-ui/stale-days-desktop-en.png" });
    await page.context().addCookies([{ name: "salesdash-locale", value: "pt-BR", url: page.url() }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId("data-freshness-stale")).toHaveText("3 dias lidos pela última vez há mais de 24 h: 5 de ago. de 2025; 6 de ago. de 2025; 10 de ago. de 2025.", { timeout: 45_000 });
    await page.screenshot({ path: "test-results/mirror-ui/stale-days-phone-pt-BR.png" });
  } finally {
    setFetchedAt(aged, (day) => was.get(day) ?? Date.now());
    await page.context().clearCookies({ name: "salesdash-locale" });
  }
});

test("the shell's sync line comes from an answer with counts only, and says nothing when the server runs no sync", async ({ page }) => {
  const anonymous = await page.request.get("/api/mirror/status");
  expect(anonymous.status()).toBe(401);
  await signIn(page, creds.creator2, "A");
  const answer = await page.request.get("/api/mirror/status");
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(["complete", "enabled", "lastError", "running", "synced", "total"]);
  const text = JSON.stringify(body);
  expect(text).not.toContain(mirrorIdentity(creds.creator2.apiKey));
  expect(text).not.toContain(creds.creator2.apiKey);
  const line = page.getByTestId("sync-status");
  await expect(line).toHaveAttribute("aria-live", "polite");
  if (body.enabled) await expect(line).toHaveText(/^Synced [\d,]+ (of [\d,]+ )?days/);
  else await expect(line).toHaveText("");
});

test("Forget my data asks first, then signs out and leaves no day of the account in the mirror", async ({ page }) => {
  const account = mirrorIdentity(creds.creator2.apiKey);
  await signIn(page, creds.creator2, "A");
  await page.goto(REVENUE);
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 45_000 });
  expect(mirrorRows(account)).toBeGreaterThan(0);

  await page.getByTestId("account-menu").click();
  await page.getByRole("button", { name: "Forget my data" }).click();
  // The first click only asks; Cancel leaves everything as it was.
  await expect(page.getByText("Delete the stored copy and sign out?")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  expect(mirrorRows(account)).toBeGreaterThan(0);

  await page.getByRole("button", { name: "Forget my data" }).click();
  await page.getByRole("button", { name: "Delete and sign out" }).click();
  await page.waitForURL(/\/sign-in\?reason=forgotten/);
  await expect(page.getByTestId("session-ended")).toContainText("stored copy of your account's records on this server was deleted");
  expect(mirrorRows(account)).toBe(0);

  // Signed out: the session cookie is gone, a report sends the browser to sign in.
  const cookies = await page.context().cookies();
  expect(cookies.filter((c) => /next-auth\.session-token/.test(c.name))).toEqual([]);
  await page.goto(REVENUE);
  await expect(page).toHaveURL(/\/sign-in/);
  expect(mirrorRows(account)).toBe(0);
});
