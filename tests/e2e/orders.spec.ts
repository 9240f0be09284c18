// The Orders report (creator only) against ground truth; affiliates get 403, CSV included.
import { parse } from "csv-parse/sync";
import { expect, test } from "./support/test";
import { groundTruth } from "../../sandbox/ground-truth";
import { SANDBOX_NOW, sandboxCredentials, signIn } from "./support/session";
import { expectNoneIn, expectReloadKeepsPage, idCells, watchRowsResponses } from "./support/table-checks";

const creds = sandboxCredentials();

test("orders per currency, milestones and the CSV equal the ground truth", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  const query = "from=2026-05-01&to=2026-06-15";
  await page.goto(`/orders?${query}`);
  const truth = groundTruth({ now: SANDBOX_NOW }, "creator", "orders", "2026-05-01", "2026-06-16");
  for (const currency of ["brl", "usd"]) {
    const mine = truth.filter((o) => o.currency === currency);
    await expect(page.getByTestId(`orders-${currency}-count`)).toHaveText(mine.length.toLocaleString("en-US"));
  }
  // Compared with the previous 46 days.
  const previous = groundTruth({ now: SANDBOX_NOW }, "creator", "orders", "2026-03-16", "2026-05-01");
  const change = truth.filter((o) => o.currency === "brl").length - previous.filter((o) => o.currency === "brl").length;
  const delta = change === 0 ? "no change" : `${change > 0 ? "▲" : "▼"} ${Math.abs(change).toLocaleString("en-US")}`;
  await expect(page.getByTestId("orders-brl-count-delta")).toContainText(`${delta} `);
  const shipped = truth.filter((o) => o.lastTrackingMilestone !== null);
  const delivered = shipped.filter((o) => o.lastTrackingMilestone === "delivered").length;
  await expect(page.getByTestId("by-milestone")).toContainText(`Delivered${delivered.toLocaleString("en-US")}`);
  await expect(page.getByTestId("delivery-times")).toContainText(`${delivered.toLocaleString("en-US")} delivered`);
  const csv = parse(await (await page.request.get(`/api/export/orders?${query}`)).body(), { bom: true, columns: true }) as Array<Record<string, string>>;
  expect(csv.map((r) => r.orderId)).toEqual(truth.map((o) => String(o.orderId)));
});

test("an affiliate gets 403 for the orders page and its CSV", async ({ page }) => {
  await signIn(page, creds.affiliate, "A");
  expect((await page.goto("/orders"))?.status()).toBe(403);
  expect((await page.request.get("/api/export/orders?from=2026-06-01&to=2026-06-15")).status()).toBe(403);
});

test("the orders table pages, sorts on the server and reveals customer names only on request", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  await page.goto("/orders?from=2026-04-01&to=2026-06-15");
  const truth = groundTruth({ now: SANDBOX_NOW }, "creator", "orders", "2026-04-01", "2026-06-16");
  await expect(page.getByTestId("order-total")).toHaveText(truth.length.toLocaleString("en-US"));
  await expect(page.getByTestId("order-page")).toHaveText(`Page 1 of ${Math.ceil(truth.length / 50)}`);
  const rows = page.getByTestId("order-row");
  await expect(rows).toHaveCount(50);
  await page.getByRole("button", { name: /^Amount/ }).click();
  await expect(rows.first().locator(`td[data-column="id"]`)).toHaveText(String(truth.reduce((best, o) => (Number(o.amountTransaction) > Number(best.amountTransaction) || (o.amountTransaction === best.amountTransaction && Number(o.orderId) > Number(best.orderId)) ? o : best)).orderId));
  const topId = await rows.first().locator(`td[data-column="id"]`).textContent();
  const name = rows.first().locator("td[data-personal]").first();
  await expect(name).toContainText("***");
  await page.getByLabel("Show customer details").check();
  await expect(name).toHaveText(String(truth.find((o) => String(o.orderId) === topId)?.customerName));
});

test("the orders table keeps its sort and page over a reload, and reveals the sandbox's details for the rows on screen only", async ({ page }) => {
  const bodies = watchRowsResponses(page);
  await signIn(page, creds.creator, "A");
  await page.goto("/orders?from=2026-04-01&to=2026-06-15");
  const truth = groundTruth({ now: SANDBOX_NOW }, "creator", "orders", "2026-04-01", "2026-06-16");
  const pages = Math.ceil(truth.length / 50);
  await expect(page.getByTestId("order-total")).toHaveText(truth.length.toLocaleString("en-US"));
  await page.getByRole("button", { name: /^Amount/ }).click();
  await page.getByRole("button", { name: /^Amount/ }).click();
  await expect(page).toHaveURL(/orders\.dir=asc/);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/orders\.page=2/);
  // Smallest first (ties: the smaller id first), the second page.
  const ascending = [...truth].sort((a, b) => Number(a.amountTransaction) - Number(b.amountTransaction) || Number(a.orderId) - Number(b.orderId)).map((o) => String(o.orderId));
  await expect.poll(() => idCells(page, "order")).toEqual(ascending.slice(50, 100));
  await expectReloadKeepsPage(page, "order", `Page 2 of ${pages}`);
  await page.getByLabel("Show customer details").check();
  const byId = new Map(truth.map((o) => [String(o.orderId), o]));
  const rows = page.getByTestId("order-row");
  await expect.poll(() => rows.first().locator("td[data-personal]").allTextContents()).toEqual([String(byId.get(ascending[50]!)!.customerName), String(byId.get(ascending[50]!)!.customerEmail)]);
  for (const cells of await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")))) {
    const o = byId.get(cells.at(-1)!)!;
    expect(cells.slice(-3, -1)).toEqual([String(o.customerName), String(o.customerEmail)]);
  }
  await page.waitForLoadState("networkidle");
  expectNoneIn(bodies, truth.flatMap((o) => [o.customerEmail, o.customerName]));
});
