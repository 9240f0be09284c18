// The purchases table: every row reachable page by page, sorted on the server, customer
// details masked (and never sent) until the user asks to see them.
import { expect, test } from "@playwright/test";
import { purchasesTruth } from "./support/revenue-truth";
import { sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();
const RANGE = { from: "2026-04-16", to: "2026-06-15" }; // over 5000 purchases

test("pages through every purchase, sorts on the server, and reveals customer details only on request", async ({ page }) => {
  const bodies: string[] = [];
  page.on("response", async (r) => {
    try { bodies.push((await r.body()).toString("utf8")); } catch { /* no body */ }
  });
  await signIn(page, creds.creator, "A");
  await page.goto(`/revenue?from=${RANGE.from}&to=${RANGE.to}&compare=none`);
  const truth = purchasesTruth("creator", RANGE.from, RANGE.to);
  await expect(page.getByTestId("purchase-total")).toHaveText(truth.length.toLocaleString("en-US"), { timeout: 45_000 });
  const pages = Math.ceil(truth.length / 50);
  await expect(page.getByTestId("purchase-page")).toHaveText(`Page 1 of ${pages}`);
  const rows = page.getByTestId("purchase-row");
  await expect(rows).toHaveCount(50);
  const firstPageIds = await rows.locator("td:first-child").allTextContents();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("purchase-page")).toHaveText(`Page 2 of ${pages}`);
  await expect(rows.first().locator("td").first()).not.toHaveText(firstPageIds[0]!);
  const secondPageIds = await rows.locator("td:first-child").allTextContents();
  expect(secondPageIds.some((id) => firstPageIds.includes(id))).toBe(false);

  // Sorted by amount, largest first, over the whole range (not just a page).
  await page.getByRole("button", { name: /Transaction amount/ }).click();
  await expect(page.getByTestId("purchase-page")).toHaveText(`Page 1 of ${pages}`);
  const topId = await rows.first().locator("td").first().textContent();
  const max = Math.max(...truth.map((p) => Number(p.amountTransaction)));
  expect(truth.find((p) => String(p.purchaseId) === topId)?.amountTransaction).toBe(max);

  // Masked, and the real names never reached the browser...
  const emails = new Set(truth.map((p) => String(p.customerEmail)));
  const personal = rows.first().locator("td[data-personal]");
  await expect(personal.first()).toContainText("***");
  await page.waitForLoadState("networkidle");
  expect(bodies.some((b) => [...emails].some((e) => b.includes(e)))).toBe(false);
  // ...until asked for.
  await page.getByLabel("Show customer details").check();
  const expected = truth.find((p) => String(p.purchaseId) === topId)!;
  await expect(personal.first()).toHaveText(String(expected.customerName));
});
