// The purchases table: every row reachable page by page, sorted on the server, customer
// details masked (and never sent) until the user asks to see them.
import { expect, test } from "./support/test";
import { purchasesTruth } from "./support/revenue-truth";
import { sandboxCredentials, signIn } from "./support/session";
import { expectNoneIn, expectReloadKeepsPage, idCells, watchRowsResponses } from "./support/table-checks";

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
  const firstPageIds = await rows.locator(`td[data-column="id"]`).allTextContents();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("purchase-page")).toHaveText(`Page 2 of ${pages}`);
  await expect(rows.first().locator(`td[data-column="id"]`)).not.toHaveText(firstPageIds[0]!);
  const secondPageIds = await rows.locator(`td[data-column="id"]`).allTextContents();
  expect(secondPageIds.some((id) => firstPageIds.includes(id))).toBe(false);

  // Sorted by amount, largest first, over the whole range (not just a page).
  await page.getByRole("button", { name: /Transaction amount/ }).click();
  await expect(page.getByTestId("purchase-page")).toHaveText(`Page 1 of ${pages}`);
  const topId = await rows.first().locator(`td[data-column="id"]`).textContent();
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

test("sort, page and columns are in the URL: a reload keeps them, a new range starts at page 1; revealed details equal the sandbox's", async ({ page }) => {
  const bodies = watchRowsResponses(page);
  await signIn(page, creds.creator, "A");
  await page.goto(`/revenue?from=${RANGE.from}&to=${RANGE.to}&compare=none`);
  const truth = purchasesTruth("creator", RANGE.from, RANGE.to);
  const pages = Math.ceil(truth.length / 50);
  await expect(page.getByTestId("purchase-total")).toHaveText(truth.length.toLocaleString("en-US"), { timeout: 45_000 });
  await page.getByRole("button", { name: /Transaction amount/ }).click();
  await expect(page).toHaveURL(/purchases\.sort=amount/);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("purchase-page")).toHaveText(`Page 2 of ${pages}`);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/purchases\.page=3/);
  await page.getByRole("region", { name: "Purchases" }).locator("summary", { hasText: "Columns" }).click();
  await page.getByRole("region", { name: "Purchases" }).getByRole("checkbox", { name: "Payment" }).uncheck();
  await expect(page).toHaveURL(/purchases\.hide=/);
  await page.keyboard.press("Escape");

  // The third page of the whole range by amount, largest first (ties: the larger id first).
  const byAmount = [...truth].sort((a, b) => Number(b.amountTransaction) - Number(a.amountTransaction) || Number(b.purchaseId) - Number(a.purchaseId)).map((p) => String(p.purchaseId));
  await expect.poll(() => idCells(page, "purchase")).toEqual(byAmount.slice(100, 150));
  await expectReloadKeepsPage(page, "purchase", `Page 3 of ${pages}`);
  await expect(page.getByRole("columnheader", { name: "Payment" })).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: /Transaction amount/ })).toHaveAttribute("aria-sort", "descending");

  // Revealed: the rows on screen, with the sandbox's own names and e-mails.
  await page.getByLabel("Show customer details").check();
  const rows = page.getByTestId("purchase-row");
  const byId = new Map(truth.map((p) => [String(p.purchaseId), p]));
  await expect.poll(async () => (await rows.first().locator("td[data-personal]").allTextContents())).toEqual([String(byId.get(byAmount[100]!)!.customerName), String(byId.get(byAmount[100]!)!.customerEmail)]);
  const shown = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")));
  for (const cells of shown) {
    const p = byId.get(cells.at(-1)!)!;
    expect(cells.slice(-3, -1)).toEqual([String(p.customerName), String(p.customerEmail)]);
  }
  // The next page is revealed too, from the action again.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("purchase-page")).toHaveText(`Page 4 of ${pages}`);
  await expect.poll(async () => rows.first().locator("td[data-personal]").first().textContent()).toBe(String(byId.get(byAmount[150]!)!.customerName));

  // A new range: page 1, the sort kept.
  // Typed as ISO (the day field takes it), applied on Enter.
  await page.getByRole("textbox", { name: "From" }).fill("2026-05-01");
  await page.getByRole("textbox", { name: "From" }).press("Enter");
  await expect(page).toHaveURL(/from=2026-05-01/);
  await expect(page).not.toHaveURL(/purchases\.page=/);
  await expect(page.getByTestId("purchase-page")).toHaveText(/^Page 1 of /, { timeout: 45_000 });
  await expect(page).toHaveURL(/purchases\.sort=amount/);

  // No rows response ever carried a real name or e-mail.
  await page.waitForLoadState("networkidle");
  expectNoneIn(bodies, truth.flatMap((p) => [p.customerEmail, p.customerName]));
});
