// Sign-in with an API key or client credentials, creator and affiliate sessions, refusals,
// and what survives sign-out.
import Database from "better-sqlite3";
import { expect, test } from "./support/test";
import { countOnPage, fillSignIn, REVENUE_URL, sandboxCredentials, signIn, truthCount } from "./support/session";

const creds = sandboxCredentials();

test.describe.configure({ mode: "serial" });

test("a creator signs in with an API key and sees exactly their own purchases", async ({ page }) => {
  await signIn(page, creds.creator, "A", "Aurora Academy");
  await expect(page.getByTestId("account-label")).toHaveText("Aurora Academy · creator");
  expect(countOnPage(await page.getByTestId("purchase-total").textContent())).toBe(truthCount("creator"));
  await expect(page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Orders" })).toBeVisible();
  const orders = await page.goto("/orders?from=2026-06-09&to=2026-06-15");
  expect(orders?.status()).toBe(200);
  await expect(page.getByTestId("orders-brl-count")).toBeVisible();
});

test("an affiliate signs in, sees only their commission view, and creator-only pages answer 403", async ({ page }) => {
  await signIn(page, creds.affiliate, "A");
  await expect(page.getByTestId("account-label")).toHaveText(/^Key ····.{4} · affiliate$/);
  expect(countOnPage(await page.getByTestId("purchase-total").textContent())).toBe(truthCount("affiliate"));
  await expect(page.getByTestId("kpi-brl-commission")).toBeVisible();
  await expect(page.getByText(/Transaction amount|Creator net|Platform fees/)).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Orders" })).toHaveCount(0);
  const orders = await page.goto("/orders?from=2026-06-09&to=2026-06-15");
  expect(orders?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "This report needs a creator key" })).toBeVisible();
});

test("a client ID + API key pair signs in through the token exchange (Flow B)", async ({ page }) => {
  await signIn(page, creds.creator2, "B");
  await expect(page.getByTestId("account-label")).toHaveText(/^Key ····.{4} · creator$/);
  expect(countOnPage(await page.getByTestId("purchase-total").textContent())).toBe(truthCount("creator2"));
});

test("with a staging URL configured, a user can sign in to Staging and the shell says so", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("Staging").check();
  await page.getByLabel("API key", { exact: true }).fill(creds.creator.apiKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/overview");
  await expect(page.getByText("Staging", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/sign-in**");
  await page.getByLabel("API key", { exact: true }).fill(creds.creator.apiKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/overview");
  await expect(page.getByText("Staging", { exact: true })).toHaveCount(0); // Production is the default
});

for (const [name, key] of [["a wrong key", `sak_${"0".repeat(40)}`], ["a revoked key", creds.revoked.apiKey]] as const) {
  test(`${name} is refused with a clear message and nothing is stored`, async ({ page, context }) => {
    await fillSignIn(page, { ...creds.creator, apiKey: key }, "A");
    await expect(page.locator("#sign-in-error")).toContainText("not accepted");
    expect(page.url()).toContain("/sign-in");
    const cookies = await context.cookies();
    expect(cookies.some((c) => c.name.includes("session-token"))).toBe(false);
    await page.goto(REVENUE_URL);
    await expect(page).toHaveURL(/\/sign-in/);
  });
}

test("the session cookie is HttpOnly and SameSite=Lax, and holds no credential", async ({ page, context }) => {
  await signIn(page, creds.creator, "A");
  const session = (await context.cookies()).find((c) => c.name.endsWith("next-auth.session-token"));
  expect(session).toBeDefined();
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  expect(session?.value).not.toContain(creds.creator.apiKey);
  const exposed = await page.evaluate(async () => (await fetch("/api/auth/session")).text());
  expect(exposed).not.toContain("vaultRef");
  expect(exposed).not.toContain(creds.creator.apiKey);
});

function vaultRows(): number {
  const db = new Database(".data/e2e/vault.sqlite", { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM vault").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

test("after sign-out, reloading a report shows the sign-in page and no data, and the vault entry is gone", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  const before = vaultRows();
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/sign-in**");
  expect(vaultRows()).toBe(before - 1);
  await page.goto(REVENUE_URL);
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByTestId("purchase-total")).toHaveCount(0);
  await page.goBack();
  await page.reload();
  await expect(page.getByTestId("purchase-total")).toHaveCount(0);
});
