// Issue #24, point 21: one spelling of a day per language on every screen. An English page wrote
// 11/26/2024 (the date inputs, in the browser's own format), 2024-11-26 (the header, the tables)
// and Nov 25, 2026 (sentences) at once. Here each page is read whole (visible text, text kept for
// screen readers, labels, titles, the fields' values) in a browser whose own language is the
// OTHER one, so a native date input would give itself away, and every day must be in the page's
// language: "Jun 9, 2026" in English, "9 de jun. de 2026" in Portuguese, never 2026-06-09,
// 06/09/2026 or 09/06/2026.
import { expect, test, type Page } from "./support/test";
import { enDay, ptDay } from "./support/day-spelling";
import { sandboxCredentials, SANDBOX_NOW, signIn } from "./support/session";
import { LOCALE_COOKIE } from "../../lib/i18n/locales";

const creds = sandboxCredentials();
const LOAD = { timeout: 60_000 };
const FROM = "2026-06-09";
const TO = "2026-06-15";
const REVENUE = `/revenue?from=${FROM}&to=${TO}&compare=previous&tz=UTC`;

const EN_MONTHS = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec";
const PT_MONTHS = "jan|fev|mar|abr|mai|jun|jul|ago|set|out|nov|dez";
/** Every way of writing a day a page could show, by name. */
const SPELLINGS = {
  iso: /\b\d{4}-\d{2}-\d{2}\b/,
  numeric: /\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/,
  english: new RegExp(`\\b(${EN_MONTHS})[a-z]* \\d{1,2}, \\d{4}\\b`),
  englishDayFirst: new RegExp(`\\b\\d{1,2} (${EN_MONTHS})[a-z]* \\d{4}\\b`),
  portuguese: new RegExp(`\\b\\d{1,2} de (${PT_MONTHS})[a-zç]*\\.? de \\d{4}\\b`),
};
type Spelling = keyof typeof SPELLINGS;

const LANGUAGES = [
  // The browser's own language is the other one: its date inputs would write 15/06/2026 in the first case, 6/15/2026 in the second.
  { app: "en", browser: "pt-BR", spelling: "english" as Spelling, day: enDay, from: "From", to: "To (inclusive)", typed: { text: "6/3/2026", iso: "2026-06-03" } },
  { app: "pt-BR", browser: "en-US", spelling: "portuguese" as Spelling, day: ptDay, from: "De", to: "Até (inclusive)", typed: { text: "3/6/2026", iso: "2026-06-03" } },
] as const;

/** Everything a person can read on the page, or hear: text (shown or for screen readers), labels, titles, the values of the text fields. */
function readableTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.body.innerText];
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll("script, style, noscript, template")) hidden.remove();
    texts.push(...Array.from(copy.querySelectorAll("*"), (el) => Array.from(el.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? "").join("")).filter((t) => t.trim()));
    for (const el of document.body.querySelectorAll("[aria-label], [title], [placeholder], [aria-valuetext]")) {
      for (const name of ["aria-label", "title", "placeholder", "aria-valuetext"]) {
        const value = el.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    // The fields a person reads; the calendar's own date input is out of sight and out of the accessibility tree.
    for (const input of document.body.querySelectorAll<HTMLInputElement>("input:not([type=hidden]):not([aria-hidden=true])")) if (input.value) texts.push(input.value);
    return texts;
  });
}

/** Every day on the page is in `spelling`, and at least one is. */
async function expectOneSpelling(page: Page, spelling: Spelling): Promise<void> {
  const texts = await readableTexts(page);
  for (const [name, pattern] of Object.entries(SPELLINGS)) {
    if (name === spelling) continue;
    const found = texts.flatMap((text) => text.split("\n")).filter((line) => pattern.test(line));
    expect(found, `${name} days on a page that writes days as ${spelling}`).toEqual([]);
  }
  expect(texts.some((text) => SPELLINGS[spelling].test(text)), `no ${spelling} day at all`).toBe(true);
}

for (const lang of LANGUAGES) {
  test.describe(`${lang.app}, in a ${lang.browser} browser`, () => {
    test.use({ locale: lang.browser });

    test.beforeEach(async ({ page, baseURL }) => {
      await page.clock.install({ time: new Date(SANDBOX_NOW) });
      // The sign-in form is read in English; the page's language is the switch's cookie from then on.
      await page.context().addCookies([{ name: LOCALE_COOKIE, value: "en", url: baseURL! }]);
      await signIn(page, creds.creator, "A");
      await page.context().addCookies([{ name: LOCALE_COOKIE, value: lang.app, url: baseURL! }]);
    });

    test("Revenue: header, From/To, freshness, tables, chart values write every day one way", async ({ page }) => {
      await page.goto(REVENUE);
      await expect(page.getByTestId("report-body")).toHaveAttribute("data-state", "current", LOAD);
      await expect(page.locator("html")).toHaveAttribute("lang", lang.app);
      const from = page.getByLabel(lang.from, { exact: true });
      const to = page.getByLabel(lang.to, { exact: true });
      await expect(from).toHaveValue(lang.day(FROM));
      await expect(to).toHaveValue(lang.day(TO));
      await expect(page.getByTestId("report-range")).toContainText(`${lang.day(FROM)} ${lang.app === "en" ? "to" : "a"} ${lang.day(TO)}`);
      // The purchases table's times: the day as everywhere else, then the clock.
      const firstTime = page.getByTestId("purchase-row").first().locator('td[data-column="createdAt"]');
      await expect(firstTime).toHaveText(new RegExp(`^${SPELLINGS[lang.spelling].source}, \\d{2}:\\d{2}( UTC)?$`), LOAD);
      // The chart's days, as its tooltip and its table for screen readers write them.
      await expect(page.getByTestId("over-time-values").first().locator("th").first()).toHaveText(SPELLINGS[lang.spelling]);
      await expectOneSpelling(page, lang.spelling);

      // A day typed in the language's numeric order is read in that order, and written back in words.
      await from.fill(lang.typed.text);
      await from.press("Enter");
      await expect(page).toHaveURL(new RegExp(`[?&]from=${lang.typed.iso}(&|$)`));
      await expect(page).toHaveURL(new RegExp(`[?&]to=${TO}(&|$)`));
      await expect(from).toHaveValue(lang.day(lang.typed.iso));
      await expect(page.getByTestId("report-body")).toHaveAttribute("data-state", "current", LOAD);
      await expectOneSpelling(page, lang.spelling);

      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`revenue-${lang.app}-1440.png`) });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole("button", { name: lang.app === "en" ? /^Filters/ : /^Filtros/ }).click();
      await expect(from).toBeVisible();
      await expectOneSpelling(page, lang.spelling);
      await page.screenshot({ path: test.info().outputPath(`revenue-${lang.app}-390.png`) });
    });

    test("Overview: its sentences and tiles write every day one way", async ({ page }) => {
      await page.goto("/overview?tz=UTC");
      await expect(page.getByTestId("ov-last30-brl-creatorNet")).toBeVisible(LOAD);
      await expect(page.getByTestId("overview-now")).toContainText(lang.day("2026-06-15"));
      await expectOneSpelling(page, lang.spelling);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`overview-${lang.app}-1440.png`), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await expectOneSpelling(page, lang.spelling);
      await page.screenshot({ path: test.info().outputPath(`overview-${lang.app}-390.png`), fullPage: true });
    });
  });
}

test("the calendar button and the arrow keys choose a day, and a day after To is refused in words", async ({ page }) => {
  await page.clock.install({ time: new Date(SANDBOX_NOW) });
  await signIn(page, creds.creator, "A");
  await page.goto(REVENUE);
  await expect(page.getByTestId("report-body")).toHaveAttribute("data-state", "current", LOAD);
  const from = page.getByLabel("From", { exact: true });
  // Keyboard only: Tab reaches the field, then its calendar button (named for what it picks).
  await from.focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Pick the first day on a calendar" })).toBeFocused();
  // ↑ and ↓ step a day.
  await from.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/[?&]from=2026-06-08(&|$)/);
  await expect(from).toHaveValue("Jun 8, 2026");
  // After To: not taken, and said why, in the page's spelling.
  await from.fill("Jun 20, 2026");
  await from.press("Enter");
  await expect(from).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Must be Jun 15, 2026 or earlier.")).toBeVisible();
  await expect(page).toHaveURL(/[?&]from=2026-06-08(&|$)/);
  // Not a day: named as such; Escape puts the field back.
  await from.fill("Jun 31, 2026");
  await from.press("Enter");
  await expect(page.getByText("“Jun 31, 2026” is not a day. Type one like Jun 8, 2026.")).toBeVisible();
  await from.press("Escape");
  await expect(from).toHaveValue("Jun 8, 2026");
  await expect(from).not.toHaveAttribute("aria-invalid", "true");
  // What the browser's calendar picks (its date input, behind the button) is taken as typed days are.
  await page.getByRole("button", { name: "Pick the first day on a calendar" }).click();
  await page.locator('input[type="date"]').first().fill("2026-06-05", { force: true });
  await expect(page).toHaveURL(/[?&]from=2026-06-05(&|$)/);
  await expect(page).toHaveURL(/[?&]to=2026-06-15(&|$)/);
  await expect(from).toHaveValue("Jun 5, 2026");
});
