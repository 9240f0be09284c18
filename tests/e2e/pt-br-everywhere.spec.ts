// Issue #14, English and Portuguese: a reader whose browser asks for Portuguese reads every page
// in Portuguese. The pages' visible text (product and people's names aside, which are the
// sellers' own) holds none of the small English words every English sentence needs, and every
// page names its figures in Brazilian formats.
import { expect, test, type Page } from "./support/test";
import { CREATORS } from "../../sandbox/data/catalog";
import { DASHBOARD_URL } from "./support/sandbox";
import { fillSignIn, RANGE, sandboxCredentials, type Credential } from "./support/session";

const creds = sandboxCredentials();
const QUERY = `?from=${RANGE.from}&to=${RANGE.to}`;
// Words no Portuguese sentence uses, and no sentence in English goes long without.
// Letters on both sides in Unicode terms: "Período" holds no English "per".
const ENGLISH = /(?<!\p{L})(the|and|of|with|over|from|this|your|than|not|between|only|per|by|when|which|there|been|have|has)(?!\p{L})/giu;
// The sellers' own words (catalogue names) are not the interface's.
const NAMES = CREATORS.flatMap((c) => [c.creatorName, ...c.products.flatMap((p) => [p.productName, p.supplierName ?? ""]), ...c.offers.map((o) => o.offerName), ...c.affiliates.map((a) => a.affiliateName)]).filter(Boolean).sort((a, b) => b.length - a.length);

test.use({ locale: "pt-BR", timezoneId: "UTC" });

async function englishOn(page: Page): Promise<string[]> {
  let text = await page.evaluate(() => document.body.innerText);
  for (const name of NAMES) text = text.split(name).join(" ");
  const found: string[] = [];
  for (const line of text.split("\n")) if (ENGLISH.test(line)) found.push(line.trim().slice(0, 160));
  ENGLISH.lastIndex = 0;
  return [...new Set(found)];
}

async function settled(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("fetch-progress")).toHaveCount(0, { timeout: 60_000 });
}

// The sign-in form is filled by its English labels, then the language is the browser's again.
async function signInAs(page: Page, who: Credential) {
  await page.clock.install({ time: new Date("2026-06-15T12:00:00Z") }); // the sandbox's today
  await page.context().addCookies([{ name: "salesdash-locale", value: "en", url: DASHBOARD_URL }]);
  await fillSignIn(page, who, "A");
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  await page.context().clearCookies({ name: "salesdash-locale" });
}

test("the pages before sign-in are in Portuguese", async ({ page }) => {
  for (const path of ["/", "/sign-in", "/session-ended", "/unavailable"]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    expect.soft(await englishOn(page), path).toEqual([]);
  }
});

test("every creator page is in Portuguese", async ({ page }) => {
  await signInAs(page, creds.creator);
  for (const path of ["/overview", "/revenue", "/orders", "/abandonment", "/refunds"]) {
    await settled(page, path === "/overview" ? path : `${path}${QUERY}`);
    expect.soft(await englishOn(page), path).toEqual([]);
  }
});

test("every affiliate page is in Portuguese", async ({ page }) => {
  await signInAs(page, creds.affiliate);
  // The payout calendar reads two years: the affiliate's are few (the creator's, in payouts.spec.ts).
  for (const path of ["/overview", "/revenue", "/refunds", "/payouts"]) {
    await settled(page, path === "/overview" || path === "/payouts" ? path : `${path}${QUERY}`);
    expect.soft(await englishOn(page), path).toEqual([]);
  }
});
