// Issue #24, point 1: what held "Last month" at the previous range's figure for 45 s. The
// creator key's 60 requests a minute are the sandbox's, shared by every dashboard that uses the
// key; when another one has spent the minute, the upstream answers 429 with Retry-After and a
// preset change waits for it. Here the sandbox answers the next request so (a test control, in
// place of a second dashboard's traffic): the page must say it waits for the rate limit, keep the
// previous range's figures marked as such (never as the new range's), and then show the new
// range's, equal to the sandbox's records.
import { expect, test } from "./support/test";
import { groundTruth } from "../../sandbox/ground-truth";
import { sandboxRequest, setSandboxControls } from "./support/sandbox";
import { SANDBOX_NOW, sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();
const count = (from: string, toExclusive: string, currency: string) =>
  groundTruth({ now: SANDBOX_NOW }, "creator", "orders", from, toExclusive).filter((o) => o.currency === currency).length.toLocaleString("en-US");

test("a preset change while the key's minute is spent elsewhere: it says it waits, keeps the old figures marked, then shows the new ones", async ({ page }) => {
  test.setTimeout(120_000);
  await page.clock.install({ time: new Date(SANDBOX_NOW) });
  await signIn(page, creds.creator, "A");
  const body = page.getByTestId("report-body");

  // May's orders must come from the upstream, whatever earlier specs left in the mirror:
  // "Refresh now" on May's Revenue marks May's days of every resource stale, and Revenue reads purchases only.
  await page.goto("/revenue?from=2026-05-01&to=2026-05-31&compare=none&tz=UTC");
  await expect(body).toHaveAttribute("data-state", "current", { timeout: 45_000 });
  await page.getByRole("button", { name: "Refresh now" }).click();
  await expect(page.getByRole("button", { name: "Refresh now" })).toBeEnabled({ timeout: 45_000 });
  await expect(body).toHaveAttribute("data-state", "current", { timeout: 45_000 });

  await page.goto("/orders?from=2026-04-01&to=2026-04-30&compare=none&tz=UTC");
  await expect(page.getByTestId("orders-brl-count")).toHaveText(count("2026-04-01", "2026-05-01", "brl"), { timeout: 45_000 });

  const before = (await sandboxRequest("GET", "/__sandbox/controls")) as { fail429Next: number; retryAfterSeconds: number };
  try {
    await setSandboxControls({ fail429Next: 1, retryAfterSeconds: 10 });
    await page.locator("body").press("l");
    await expect(page).toHaveURL(/from=2026-05-01&to=2026-05-31/);
    await expect(page.getByText(/Waiting \d+ s for the API’s rate limit/)).toBeVisible({ timeout: 15_000 });
    // April's figure is still on screen while it waits, but marked as the previous range's.
    await expect(body).toHaveAttribute("data-state", "previous");
    await expect(page.getByTestId("orders-brl-count")).toHaveText(count("2026-04-01", "2026-05-01", "brl"));
    await expect(body).toHaveAttribute("data-state", "current", { timeout: 45_000 });
    await expect(page.getByTestId("orders-brl-count")).toHaveText(count("2026-05-01", "2026-06-01", "brl"));
    expect(((await sandboxRequest("GET", "/__sandbox/controls")) as { fail429Next: number }).fail429Next).toBe(0);
  } finally {
    await setSandboxControls({ fail429Next: before.fail429Next, retryAfterSeconds: before.retryAfterSeconds });
  }
});
