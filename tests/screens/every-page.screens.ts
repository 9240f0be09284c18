// Every page × {en, pt-BR} × {light, dark} × {desktop, phone}, as PNGs under
// test-results/screens/<account>/<page>-<locale>-<scheme>-<size>.png.
import fs from "node:fs";
import path from "node:path";
import { test, type Browser } from "@playwright/test";
import { RANGE, sandboxCredentials, type Credential } from "../e2e/support/session";

const creds = sandboxCredentials();
const QUERY = `?from=${RANGE.from}&to=${RANGE.to}`;
const OUT = path.resolve("test-results/screens");
const LOCALES = ["en-US", "pt-BR"] as const;
const SCHEMES = ["light", "dark"] as const;
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

const SIGNED_OUT = ["/", "/sign-in", "/session-ended", "/unavailable"];
const CREATOR_PAGES = ["/overview", "/revenue", "/orders", "/abandonment", "/refunds", "/affiliates", "/payouts"];
const AFFILIATE_PAGES = ["/overview", "/revenue", "/refunds", "/payouts"];

async function shoot(browser: Browser, who: Credential | null, account: string, pages: string[]) {
  for (const locale of LOCALES) {
    for (const scheme of SCHEMES) {
      for (const [size, viewport] of Object.entries(SIZES)) {
        const context = await browser.newContext({ locale, colorScheme: scheme, viewport, timezoneId: "UTC", isMobile: size === "phone", hasTouch: size === "phone" });
        const page = await context.newPage();
        await page.clock.install({ time: new Date("2026-06-15T12:00:00Z") });
        if (who) {
          // By the fields' names: the form speaks the context's language (fillSignIn reads English labels).
          await page.goto("/sign-in");
          await page.locator('input[name="apiKey"]').fill(who.apiKey);
          await page.locator('button[type="submit"]').click();
          await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
        }
        for (const pathname of pages) {
          await page.goto(who ? `${pathname}${QUERY}` : pathname);
          await page.waitForLoadState("networkidle");
          // Charts arrive after the figures; give them their moment.
          await page.waitForTimeout(1500);
          const name = `${pathname === "/" ? "landing" : pathname.slice(1)}-${locale}-${scheme}-${size}.png`;
          fs.mkdirSync(path.join(OUT, account), { recursive: true });
          await page.screenshot({ path: path.join(OUT, account, name), fullPage: true });
        }
        await context.close();
      }
    }
  }
}

test("signed-out pages", async ({ browser }) => shoot(browser, null, "signed-out", SIGNED_OUT));
test("creator pages", async ({ browser }) => shoot(browser, creds.creator, "creator", CREATOR_PAGES));
test("affiliate pages", async ({ browser }) => shoot(browser, creds.affiliate, "affiliate", AFFILIATE_PAGES));
