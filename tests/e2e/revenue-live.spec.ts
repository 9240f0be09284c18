// Long work is visible, incomplete figures say so, and a range that includes today refreshes
// in the background without asking the upstream for closed days again.
import { expect, test } from "@playwright/test";
import { sandboxRequest as sandbox } from "./support/sandbox";
import { sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();

test.afterEach(async () => {
  await sandbox("POST", "/__sandbox/controls", { latencyMs: 0, oddShapeRate: 0 });
});

test("shows progress while windows are fetched, then says which records could not be read", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  await sandbox("POST", "/__sandbox/controls", { latencyMs: 400, oddShapeRate: 0.01 });
  // Days no other test opened, so none of them is in the dashboard's day cache yet.
  await page.goto("/revenue?from=2024-07-01&to=2025-01-31&compare=none");
  const progress = page.getByTestId("fetch-progress");
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(/\d+ of \d+ windows/);
  const banner = page.getByTestId("quality-banner");
  await expect(banner).toContainText("These totals are incomplete", { timeout: 60_000 });
  await expect(banner).toContainText(/record\(s\) came in a shape we cannot read/);
  await expect(banner).toContainText(/reference [0-9a-f-]{36}/);
  await expect(page.getByRole("heading", { name: "Key figures (incomplete)" })).toBeVisible();
});

test("a range including today refreshes about every minute, without re-fetching closed days", async ({ page }) => {
  await page.clock.install({ time: new Date("2026-06-15T12:00:00Z") }); // the sandbox's today
  await signIn(page, creds.creator, "A");
  await page.goto("/revenue?from=2026-05-20&to=2026-06-15&compare=none");
  await expect(page.getByTestId("last-updated")).toContainText("refreshes every minute");
  const first = await page.getByTestId("last-updated").textContent();
  const before = ((await sandbox("GET", "/__sandbox/stats")) as { accounts: Record<string, { log: Array<{ t: number }> }> }).accounts.creator?.log.length ?? 0;
  const refreshed = page.waitForResponse((r) => r.url().includes("/api/reports/revenue?"));
  await page.clock.runFor(61_000);
  await refreshed;
  await expect(page.getByTestId("last-updated")).not.toHaveText(first ?? "");
  const after = ((await sandbox("GET", "/__sandbox/stats")) as { accounts: Record<string, { log: Array<{ t: number }> }> }).accounts.creator?.log.length ?? 0;
  // Closed days come from the day cache; within a minute even the recent ones are still fresh.
  expect(after).toBe(before);
});
