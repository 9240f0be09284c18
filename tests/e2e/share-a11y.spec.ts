// The share links' pages as people on a phone or a desktop, in light or dark, meet them: the
// shared report, its password page, a refusal page, the Share popover and "Shared links" scroll
// nowhere sideways and have no serious or critical axe violation.
import { expect, test, type Page } from "./support/test";
import { seriousViolations } from "./support/axe";
import { sandboxCredentials, signIn } from "./support/session";
import { createShareLink, openRevenueLoaded } from "./support/share-links";

const creds = sandboxCredentials();
const QUERY = "from=2026-06-09&to=2026-06-15&compare=none";

test.use({ bypassCSP: true });

const MODES = [
  { scheme: "light", viewport: { width: 1280, height: 800 } },
  { scheme: "dark", viewport: { width: 1280, height: 800 } },
  { scheme: "light", viewport: { width: 390, height: 844 } },
  { scheme: "dark", viewport: { width: 390, height: 844 } },
] as const;

async function problems(page: Page, name: string): Promise<string[]> {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  return [...(wide ? [`${name}: scrolls sideways`] : []), ...(await seriousViolations(page)).map((v) => `${name}: ${v}`)];
}

test("shared report, password page, refusal, Share popover and Shared links pass axe and fit, light and dark, desktop and phone", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signIn(page, creds.creator2, "A");
  await openRevenueLoaded(page, QUERY);
  const open = await createShareLink(page);
  const locked = await createShareLink(page, { password: "a long password" });
  const failures: string[] = [];
  for (const { scheme, viewport } of MODES) {
    const mode = `${scheme} ${viewport.width}px`;
    const context = await browser.newContext({ viewport, colorScheme: scheme, timezoneId: "UTC", bypassCSP: true });
    const stranger = await context.newPage();
    await stranger.goto(open);
    await expect(stranger.getByTestId("shared-report")).toBeVisible();
    failures.push(...(await problems(stranger, `${mode} shared report`)));
    await stranger.goto(locked);
    await expect(stranger.getByTestId("share-password")).toBeVisible();
    failures.push(...(await problems(stranger, `${mode} password page`)));
    await stranger.goto(open.replace(/.{4}$/, "AAAA"));
    await expect(stranger.getByTestId("shared-link-notice")).toBeVisible();
    failures.push(...(await problems(stranger, `${mode} refusal`)));
    await context.close();

    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize(viewport);
    await page.goto("/shared-links");
    await expect(page.getByTestId(viewport.width < 640 ? "shared-link-card" : "shared-link-row").first()).toBeVisible();
    failures.push(...(await problems(page, `${mode} Shared links`)));
    await openRevenueLoaded(page, QUERY);
    if (viewport.width < 640) {
      await page.getByTestId("saved-views-toggle").click();
      await page.getByTestId("share-open-menu").click();
    } else {
      await page.getByTestId("share-open").click();
    }
    await expect(page.getByTestId("share-dialog")).toBeVisible();
    failures.push(...(await problems(page, `${mode} Share popover`)));
  }
  expect(failures).toEqual([]);
});
