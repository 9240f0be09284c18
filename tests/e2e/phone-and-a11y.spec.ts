// Issue #14, phone and accessibility: no page scrolls sideways at 390 px; on a phone the key
// figures come first and the report controls sit behind one "Filters" button; axe-core finds no
// serious or critical violation on any page in light and dark, desktop and phone; every control
// is reachable by keyboard with a visible focus ring, the scrollable decline matrix included.
import fs from "node:fs";
import { expect, test, type Page } from "./support/test";
import { seriousViolations } from "./support/axe";
import { RANGE, SANDBOX_NOW, sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const QUERY = `?from=${RANGE.from}&to=${RANGE.to}`;

type Scheme = "light" | "dark";
type Size = "desktop" | "phone";
const MODES: { scheme: Scheme; size: Size }[] = [
  { scheme: "light", size: "desktop" },
  { scheme: "dark", size: "desktop" },
  { scheme: "light", size: "phone" },
  { scheme: "dark", size: "phone" },
];

// axe is injected as a script tag; the dashboard's CSP (rightly) refuses inline scripts.
test.use({ bypassCSP: true });


async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; widest: string[] }> {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    // The elements that stick out, for the failure message.
    const widest = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5 && !el.closest(".overflow-x-auto, .overflow-auto"))
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${(el.getAttribute("class") ?? "").split(" ").slice(0, 4).join(".")} right=${Math.round(el.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, widest };
  });
}

async function openReport(page: Page, path: string): Promise<void> {
  await page.goto(`${path}${QUERY}`);
  await expect(page.getByTestId("report-body")).toHaveAttribute("data-state", "current", { timeout: 60_000 });
}

async function checkPage(page: Page, name: string, size: Size, failures: string[]): Promise<void> {
  if (size === "phone") {
    const { scrollWidth, innerWidth, widest } = await horizontalOverflow(page);
    if (scrollWidth > innerWidth) failures.push(`${name}: ${scrollWidth} px wide at ${innerWidth}\n  ${widest.join("\n  ")}`);
  }
  for (const v of await seriousViolations(page)) failures.push(`${name}: ${v}`);
}

const REPORTS = {
  creator: ["/revenue", "/orders", "/abandonment", "/refunds", "/affiliates"],
  affiliate: ["/revenue", "/refunds"],
} as const;

for (const { scheme, size } of MODES) {
  test.describe(`${scheme}, ${size}`, () => {
    test.use({ viewport: size === "phone" ? PHONE : DESKTOP, colorScheme: scheme });

    test("the signed-out pages: no sideways scroll, no serious or critical axe violation", async ({ page }) => {
      const failures: string[] = [];
      await page.goto("/");
      await expect(page.getByRole("status").filter({ hasText: "Upstream" })).toHaveText("Upstream: operational");
      await checkPage(page, "/", size, failures);
      await page.goto("/sign-in");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
      await checkPage(page, "/sign-in", size, failures);
      expect(failures, failures.join("\n")).toEqual([]);
    });

    for (const account of ["creator", "affiliate"] as const) {
      test(`every ${account} report: no sideways scroll, no serious or critical axe violation`, async ({ page }) => {
        test.setTimeout(240_000);
        await signIn(page, creds[account], "A");
        const failures: string[] = [];
        for (const path of REPORTS[account]) {
          await openReport(page, path);
          await checkPage(page, `${account} ${path}`, size, failures);
          if (size === "phone" && process.env.E2E_SCREENSHOTS) {
            fs.mkdirSync(process.env.E2E_SCREENSHOTS, { recursive: true });
            await page.evaluate(() => window.scrollTo(0, 0));
            await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${account}${path.replace("/", "-")}-${scheme}-phone.png` });
          }
        }
        // The Overview takes "now" from the browser: the sandbox's, so its tiles hold figures.
        await page.clock.setFixedTime(new Date(SANDBOX_NOW));
        await page.goto("/overview");
        await expect(page.getByTestId("overview-body")).toHaveAttribute("data-state", "current", { timeout: 90_000 });
        await checkPage(page, `${account} /overview`, size, failures);
        expect(failures, failures.join("\n")).toEqual([]);
      });
    }
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the key figures are above the fold and the controls open from one Filters button", async ({ page }) => {
    await signIn(page, creds.creator, "A");
    // The Affiliates leaderboard has no key figure cards: a table per currency.
    for (const path of REPORTS.creator.filter((p) => p !== "/affiliates")) {
      await openReport(page, path);
      await page.evaluate(() => window.scrollTo(0, 0));
      // The first row of key figures (two cards side by side on a phone) is on the first screen.
      const cards = page.locator('section[aria-label^="Figures in"] dl > div');
      for (const card of [cards.nth(0), cards.nth(1)]) {
        const box = await card.boundingBox();
        expect(box, `${path}: a key figure on screen`).not.toBeNull();
        expect(box!.y + box!.height, `${path}: key figures above the fold`).toBeLessThanOrEqual(PHONE.height);
      }
      const filters = page.getByRole("button", { name: "Filters" });
      await expect(filters).toHaveAttribute("aria-expanded", "false");
      await expect(page.getByLabel("From", { exact: true })).toBeHidden();
      await filters.click();
      await expect(filters).toHaveAttribute("aria-expanded", "true");
      await expect(page.getByLabel("From", { exact: true })).toBeVisible();
      await expect(page.getByLabel("Compare with")).toBeVisible();
    }
  });

  test("the abandonment heatmap becomes a ranked list", async ({ page }) => {
    await signIn(page, creds.creator, "A");
    await openReport(page, "/abandonment");
    await expect(page.getByTestId("heatmap-ranked")).toBeVisible();
    await expect(page.getByTestId("heatmap-ranked").getByRole("listitem").first()).toContainText(/\d/);
  });
});

test.describe("keyboard", () => {
  test.use({ viewport: DESKTOP });

  test("on a wide screen the controls are open without a Filters button", async ({ page }) => {
    await signIn(page, creds.creator, "A");
    await openReport(page, "/revenue");
    await expect(page.getByLabel("From", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Filters" })).toBeHidden();
  });

  test("every focusable element of a report shows a focus ring, and the decline matrix can be focused", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, creds.creator, "A");
    await openReport(page, "/abandonment");
    const matrix = page.getByRole("region", { name: /PSP × decline code/ });
    await expect(matrix).toHaveAttribute("tabindex", "0");
    await page.locator("body").click({ position: { x: 1, y: 1 } });
    const seen = new Set<string>();
    const withoutRing: string[] = [];
    let reachedMatrix = false;
    for (let i = 0; i < 600; i++) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        // A date input takes several Tabs (its day, month and year): the same element again.
        const w = window as unknown as { lastFocused?: Element };
        if (w.lastFocused === el) return { again: true, wrapped: false, id: "", ring: true, matrix: false };
        w.lastFocused = el;
        const wrapped = el.hasAttribute("data-tab-seen");
        el.setAttribute("data-tab-seen", "");
        const style = getComputedStyle(el);
        const ring = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none";
        const id = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
        return { again: false, wrapped, id, ring, matrix: el.getAttribute("data-testid") === "decline-matrix-scroll" };
      });
      if (!focused || focused.again) continue;
      if (focused.wrapped) break;
      seen.add(focused.id);
      if (!focused.ring) withoutRing.push(focused.id);
      if (focused.matrix) reachedMatrix = true;
    }
    expect(seen.size).toBeGreaterThan(10);
    expect(withoutRing, withoutRing.join("\n")).toEqual([]);
    expect(reachedMatrix, [...seen].join("\n")).toBe(true);
  });
});

// The Portuguese words are longer: the same checks in one mode, for a browser that asks for pt-BR.
test.describe("dark, desktop, in Portuguese", () => {
  test.use({ viewport: DESKTOP, colorScheme: "dark", locale: "pt-BR" });

  test("every creator report: no serious or critical axe violation", async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto("/sign-in");
    await page.getByLabel("Chave de API", { exact: true }).fill(creds.creator.apiKey);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL("**/overview");
    const failures: string[] = [];
    for (const path of REPORTS.creator) {
      await openReport(page, path);
      await expect(page.getByRole("group", { name: "Períodos predefinidos" })).toBeVisible();
      await checkPage(page, `pt-BR ${path}`, "desktop", failures);
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });
});
