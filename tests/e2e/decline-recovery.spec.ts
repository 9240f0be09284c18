// Decline recovery: every cell of the PSP × decline-code recovery table (and its totals), on
// screen and in the matrix's CSV, against the sandbox's ground truth; the panel on a phone and
// in both themes and languages, axe-clean.
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "./support/test";
import { LOCALE_COOKIE } from "../../lib/i18n/locales";
import { groundTruth } from "../../sandbox/ground-truth";
import { seriousViolations } from "./support/axe";
import { SANDBOX_NOW, sandboxCredentials, signIn } from "./support/session";

test.use({ bypassCSP: true });
const creds = sandboxCredentials();
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const ALL = "*";

/** The rule, written again: a cart with a last decline code goes to (its psp or "none", that code). */
function truth(from: string, to: string): Map<string, { carts: number; recovered: number }> {
  const cells = new Map<string, { carts: number; recovered: number }>();
  for (const cart of groundTruth({ now: SANDBOX_NOW }, "creator", "abandoned-carts", from, dayAfter(to))) {
    const code = cart.lastDeclineCode;
    if (typeof code !== "string" || !code) continue;
    const psp = typeof cart.psp === "string" && cart.psp ? cart.psp : "none";
    for (const key of [`${psp}|${code}`, `${psp}|${ALL}`, `${ALL}|${code}`, `${ALL}|${ALL}`]) {
      const cell = cells.get(key) ?? cells.set(key, { carts: 0, recovered: 0 }).get(key)!;
      cell.carts++;
      if (cart.isRecovered === true) cell.recovered++;
    }
  }
  return cells;
}

async function openAbandonment(page: Page, from: string, to: string) {
  await page.goto(`/abandonment?from=${from}&to=${to}&compare=none`);
  await expect(page.getByTestId("report-body")).toHaveAttribute("data-state", "current", { timeout: 60_000 });
  await expect(page.getByTestId("decline-recovery")).toBeVisible();
}

const CELL = /^([\d,]+) of ([\d,]+) recovered · (\d+)%$/;
const num = (s: string) => Number(s.replace(/,/g, ""));

for (const [from, to] of [["2026-06-09", "2026-06-15"], ["2026-03-18", "2026-06-15"]] as const) {
  test(`every recovery cell and total equals the ground truth for ${from} to ${to}, on screen and in the CSV`, async ({ page }) => {
    await signIn(page, creds.creator, "A");
    await openAbandonment(page, from, to);
    const expected = truth(from, to);
    const psps = new Set([...expected.keys()].map((k) => k.split("|")[0]!).filter((p) => p !== ALL));
    const codes = new Set([...expected.keys()].map((k) => k.split("|")[1]!).filter((c) => c !== ALL));
    expect(codes.size).toBeGreaterThan(1);

    const table = page.getByTestId("decline-recovery");
    const shown = await table.locator("td[data-psp][data-code]").evaluateAll((tds) => tds.map((td) => ({ psp: td.getAttribute("data-psp")!, code: td.getAttribute("data-code")!, text: (td.textContent ?? "").trim() })));
    // Every PSP × code, plus a total per row, per column and overall.
    expect(shown.length).toBe((psps.size + 1) * (codes.size + 1));
    let recoveredSomewhere = false;
    for (const { psp, code, text } of shown) {
      const want = expected.get(`${psp}|${code}`) ?? { carts: 0, recovered: 0 };
      if (want.carts === 0) {
        expect(text, `${psp} × ${code}`).toBe("—");
        continue;
      }
      const m = CELL.exec(text);
      expect(m, `${psp} × ${code}: ${text}`).not.toBeNull();
      expect({ recovered: num(m![1]!), carts: num(m![2]!), percent: Number(m![3]) }, `${psp} × ${code}`).toEqual({ ...want, percent: Math.round((want.recovered / want.carts) * 100) });
      if (psp !== ALL && code !== ALL && want.recovered > 0) recoveredSomewhere = true;
    }
    expect(recoveredSomewhere).toBe(true);

    const response = await page.request.get(`/api/export/abandonment/decline-matrix?from=${from}&to=${to}&compare=none`);
    expect(response.status()).toBe(200);
    const rows = parse(await response.body(), { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(rows[0]!)).toEqual(["psp", "code", "carts", "recovered", "recoveredShare"]);
    expect(rows.length).toBe(psps.size * codes.size);
    for (const row of rows) {
      const want = expected.get(`${row.psp}|${row.code}`) ?? { carts: 0, recovered: 0 };
      expect({ carts: Number(row.carts), recovered: Number(row.recovered) }, `${row.psp} × ${row.code}`).toEqual(want);
      if (want.carts === 0) expect(row.recoveredShare).toBe("");
      else expect(Number(row.recoveredShare)).toBeCloseTo(want.recovered / want.carts, 6);
    }
  });
}

const MODES = [
  { size: "desktop", viewport: { width: 1280, height: 900 } },
  { size: "phone", viewport: { width: 390, height: 844 } },
] as const;

test("the recovery table reads on a phone and a desktop, light and dark, in English and Portuguese, axe-clean", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page, creds.creator, "A");
  const failures: string[] = [];
  for (const locale of ["en", "pt-BR"] as const) {
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseURL! }]);
    for (const { size, viewport } of MODES) {
      await page.setViewportSize(viewport);
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await openAbandonment(page, "2026-06-09", "2026-06-15");
        const region = page.getByRole("region", { name: locale === "en" ? "Recovered after each decline, scrollable" : "Recuperados após cada recusa, rolável" });
        await expect(region).toHaveAttribute("tabindex", "0");
        await expect(region.getByTestId("decline-recovery").locator("td").first()).toContainText(locale === "en" ? /recovered|—/ : /recuperados|—/);
        await region.scrollIntoViewIfNeeded();
        await region.screenshot({ path: testInfo.outputPath(`decline-recovery-${locale}-${size}-${scheme}.png`) });
        const name = `${locale} ${size} ${scheme}`;
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        if (scrollWidth > innerWidth) failures.push(`${name}: the page is ${scrollWidth} px wide at ${innerWidth}`);
        for (const v of await seriousViolations(page)) failures.push(`${name}: ${v}`);
      }
    }
  }
  expect(failures).toEqual([]);
});
