// The dashboard shell: navigation by key type, upstream health, and the system's colour scheme.
import { expect, test } from "./support/test";
import { sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();

/** Lightness 0..100 of a computed colour (tailwind 4 computes lab(); older engines rgb()). */
function lightness(color: string): number {
  const lab = /^lab\(([\d.]+)/.exec(color);
  if (lab) return Number(lab[1]);
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return ((Math.max(r!, g!, b!) + Math.min(r!, g!, b!)) / 2 / 255) * 100;
}

test("a creator's shell lists every view, shows upstream health, and follows a dark system theme", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await signIn(page, creds.creator, "A");
  const nav = page.getByRole("navigation", { name: "Reports" });
  for (const name of ["Overview", "Revenue", "Orders", "Abandonment", "Refunds & chargebacks", "Payouts"]) await expect(nav.getByRole("link", { name })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Upstream" })).toHaveText("Upstream: operational");
  expect(lightness(await page.evaluate(() => getComputedStyle(document.body).backgroundColor))).toBeLessThan(10);
  await page.emulateMedia({ colorScheme: "light" });
  expect(lightness(await page.evaluate(() => getComputedStyle(document.body).backgroundColor))).toBeGreaterThan(90);
});

test("an affiliate's shell lists only what an affiliate key can read", async ({ page }) => {
  await signIn(page, creds.affiliate, "A");
  const nav = page.getByRole("navigation", { name: "Reports" });
  await expect(nav.getByRole("link")).toHaveText(["Overview", "Revenue", "Refunds & chargebacks", "Payouts"]);
});
