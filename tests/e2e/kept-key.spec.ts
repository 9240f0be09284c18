// Issue #27, point 5: keeping the key for digests and alerts is the user's explicit choice, made in
// the account menu, which then lists it (since when) with "Stop and forget". Kept, it is a sealed
// entry of the dashboard's vault under the account's name (the key is not in it in clear); kept
// across page loads; forgotten, the entry is gone.
import { createHmac } from "node:crypto";
import Database from "better-sqlite3";
import { expect, test, type Page } from "./support/test";
import { SANDBOX_URL } from "./support/sandbox";
import { sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();
// playwright.config.ts gives the e2e dashboard this AUTH_SECRET.
const AUTH_SECRET = "e2e-only-secret-0123456789abcdef0123456789abcdef";

/** The account id of a session of this key: lib/sales-api/credentials.ts credentialIdentity, written out again. */
const identityOf = (apiKey: string) => createHmac("sha256", `salesdash-identity:${AUTH_SECRET}`).update(`${SANDBOX_URL}\0A\0${apiKey}`).digest("base64url");

/** The vault's kept entry of the account, sealed as stored, or undefined. */
function keptEntry(apiKey: string): string | undefined {
  const db = new Database(".data/e2e/vault.sqlite", { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT sealed FROM vault WHERE ref = ?").get(`kept:${identityOf(apiKey)}`) as { sealed: string } | undefined)?.sealed;
  } finally {
    db.close();
  }
}

async function openMenu(page: Page) {
  await page.getByTestId("account-menu").click();
  await expect(page.getByTestId("kept-key")).toBeVisible();
}

test("keep the key from the account menu, see it listed, stop and forget it", async ({ page }) => {
  const key = creds.affiliate.apiKey;
  await signIn(page, creds.affiliate, "A");
  await page.goto("/digests");
  await openMenu(page);
  // A run stopped midway may have left it kept (the data directory is reused locally).
  if ((await page.getByTestId("kept-key").getAttribute("data-kept")) === "true") {
    await page.getByTestId("kept-key-forget").click();
    await expect(page.getByTestId("kept-key")).toHaveAttribute("data-kept", "false");
  }
  // Off until chosen: nothing of the account's is kept beyond its session.
  expect(keptEntry(key)).toBeUndefined();
  await expect(page.getByTestId("kept-key-keep")).toHaveText("Keep my key on this server for digests and alerts");

  await page.getByTestId("kept-key-keep").click();
  await expect(page.getByTestId("kept-key-notice")).toHaveText("Your key is kept for digests and alerts.");
  await expect(page.getByTestId("kept-key")).toHaveAttribute("data-kept", "true");
  await expect(page.getByTestId("kept-key-since")).toHaveText(/^Your key is kept on this server for digests and alerts, since \w{3} \d{1,2}, \d{4}, \d{2}:\d{2} UTC\.$/);
  const sealed = keptEntry(key);
  expect(sealed).toBeDefined();
  expect(sealed).not.toContain(key);
  expect(sealed).not.toContain(key.slice(-12));

  // Kept across page loads (it is the account's, not the page's).
  await page.reload();
  await openMenu(page);
  await expect(page.getByTestId("kept-key")).toHaveAttribute("data-kept", "true");

  await page.getByTestId("kept-key-forget").click();
  await expect(page.getByTestId("kept-key-notice")).toHaveText("Your key is forgotten: nothing is synced or sent after your session ends.");
  await expect(page.getByTestId("kept-key")).toHaveAttribute("data-kept", "false");
  expect(keptEntry(key)).toBeUndefined();
  await page.reload();
  await openMenu(page);
  await expect(page.getByTestId("kept-key")).toHaveAttribute("data-kept", "false");
});

test("on a phone, the open menu fits the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, creds.affiliate, "A");
  await page.goto("/digests");
  await openMenu(page);
  const box = (await page.getByTestId("kept-key-keep").boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
