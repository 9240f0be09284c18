// What every report table must show: its rows responses never carry a customer's details (they
// come from the reveal action, for the rows on screen, once asked for), and its sort and page
// survive a reload.
import { expect, type Page } from "@playwright/test";

/** The bodies of the page's rows responses (GET /api/reports/<report>/rows/<table>), as they arrive. */
export function watchRowsResponses(page: Page): string[] {
  const bodies: string[] = [];
  page.on("response", async (response) => {
    if (!/\/api\/reports\/[a-z]+\/rows\/[a-z]+\?/.test(response.url())) return;
    try {
      bodies.push((await response.body()).toString("utf8"));
    } catch {
      // A response the page navigated away from has no body to read.
    }
  });
  return bodies;
}

/** None of `values` (the sandbox's real names, e-mails, phones) is in any rows response. */
export function expectNoneIn(bodies: readonly string[], values: Iterable<unknown>): void {
  const found = [...values].map(String).filter((v) => v.length > 3 && bodies.some((b) => b.includes(v)));
  expect(bodies.length).toBeGreaterThan(0);
  expect(found.slice(0, 3)).toEqual([]);
}

/** The id cell of every row on screen (`column`: the id's column key). */
export async function idCells(page: Page, testId: string, column = "id"): Promise<string[]> {
  return page.getByTestId(`${testId}-row`).locator(`td[data-column="${column}"]`).allTextContents();
}

/** The text of every row on screen, whole (its first cell, a day, is not unique). */
export async function rowTexts(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(`${testId}-row`).allTextContents();
}

/** Reloads and expects the same page of the same sort, the same rows in the same order. */
export async function expectReloadKeepsPage(page: Page, testId: string, pageText: string): Promise<void> {
  await expect(page.getByTestId(`${testId}-page`)).toHaveText(pageText);
  const before = await rowTexts(page, testId);
  await page.reload();
  await expect(page.getByTestId(`${testId}-page`)).toHaveText(pageText, { timeout: 45_000 });
  await expect.poll(() => rowTexts(page, testId), { timeout: 45_000 }).toEqual(before);
}
