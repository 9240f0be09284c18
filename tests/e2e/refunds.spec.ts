// Refunds & chargebacks against the sandbox's ground truth, in both datings, for creator and
// affiliate; and what the view still shows when those endpoints answer 404.
import { expect, test, type Page } from "./support/test";
import { groundTruth } from "../../sandbox/ground-truth";
import { setSandboxControls } from "./support/sandbox";
import { centsOnScreen } from "./support/revenue-truth";
import { SANDBOX_NOW, sandboxCredentials, signIn } from "./support/session";
import { expectReloadKeepsPage } from "./support/table-checks";

const creds = sandboxCredentials();
const cents = (n: unknown) => Math.round(Number(n ?? 0) * 100);
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const FROM = "2026-05-01";
const TO = "2026-05-31";

const controls = setSandboxControls;

const count = async (page: Page, id: string) => Number(((await page.getByTestId(id).textContent()) ?? "").split("(")[0]!.replace(/\D/g, ""));

test("dated by sale and by request, a creator's refunds and chargebacks equal the ground truth", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  const purchases = groundTruth({ now: SANDBOX_NOW }, "creator", "purchases", FROM, dayAfter(TO));
  const ids = new Set(purchases.map((p) => p.purchaseId));
  const chargebacksLater = groundTruth({ now: SANDBOX_NOW }, "creator", "chargebacks", FROM, "2026-06-16").filter((c) => ids.has(c.purchaseId));
  // Chargebacks: sales with a dispute opened, won or not, each once; an alert is none.
  const disputedSales = (records: ReadonlyArray<Record<string, unknown>>, currency: string) => new Set(records.filter((c) => c.currency === currency && c.kind !== "alert").map((c) => c.purchaseId)).size;
  await page.goto(`/refunds?from=${FROM}&to=${TO}&compare=none`);
  // Refunds of shipped orders, before or after delivery.
  const orders = new Map(groundTruth({ now: SANDBOX_NOW }, "creator", "orders", FROM, dayAfter(TO)).filter((o) => o.lastTrackingMilestone).map((o) => [String(o.orderId), o]));
  let beforeDelivery = 0;
  let afterDelivery = 0;
  for (const r of groundTruth({ now: SANDBOX_NOW }, "creator", "refunds", FROM, "2026-06-16").filter((r) => ids.has(r.purchaseId))) {
    const order = orders.get(String(r.orderId));
    if (!order) continue;
    if (order.deliveredAt && String(order.deliveredAt) <= String(r.requestedAt)) afterDelivery++;
    else beforeDelivery++;
  }
  await expect(page.getByTestId("refund-delivery")).toContainText(`${beforeDelivery} requested before delivery · ${afterDelivery} after`);
  for (const currency of ["brl", "usd"]) {
    const refunded = purchases.filter((p) => p.currency === currency && Number(p.amountRefunded) > 0);
    expect(await count(page, `rf-${currency}-refunds`)).toBe(refunded.length);
    expect(centsOnScreen(await page.getByTestId(`rf-${currency}-refundedAmount`).textContent())).toBe(refunded.reduce((s, p) => s + cents(p.amountRefunded), 0));
    expect(await count(page, `rf-${currency}-chargebacks`)).toBe(disputedSales(chargebacksLater, currency));
  }
  await page.getByRole("link", { name: "Date by request instead" }).click();
  await expect(page).toHaveURL(/dating=event/);
  const refunds = groundTruth({ now: SANDBOX_NOW }, "creator", "refunds", FROM, dayAfter(TO));
  const chargebacks = groundTruth({ now: SANDBOX_NOW }, "creator", "chargebacks", FROM, dayAfter(TO));
  for (const currency of ["brl", "usd"]) {
    const mine = refunds.filter((r) => r.currency === currency);
    await expect(page.getByTestId(`rf-${currency}-refunds`)).toContainText(String(mine.length));
    expect(await count(page, `rf-${currency}-refunds`)).toBe(mine.length);
    expect(centsOnScreen(await page.getByTestId(`rf-${currency}-refundedAmount`).textContent())).toBe(mine.reduce((s, r) => s + cents(r.amount), 0));
    expect(await count(page, `rf-${currency}-chargebacks`)).toBe(disputedSales(chargebacks, currency));
  }
  await expect(page.getByTestId("refund-records-total")).toHaveText(refunds.length.toLocaleString("en-US"));
  // The records table pages and sorts on the server, by any column the records carry.
  const rows = page.getByTestId("refund-records-row");
  await expect(rows).toHaveCount(Math.min(50, refunds.length));
  await page.getByRole("region", { name: "Refund records" }).getByRole("button", { name: /^Amount/ }).click();
  const max = Math.max(...refunds.map((r) => Number(r.amount)));
  const top = refunds.filter((r) => Number(r.amount) === max).map((r) => String(r.refundId));
  await expect(async () => expect(top).toContain(await rows.first().locator(`td[data-column="refundId"]`).textContent())).toPass();
});

test("an affiliate sees the commission lost to its refunded and charged-back sales, and no creator-only figure", async ({ page }) => {
  await signIn(page, creds.affiliate, "A");
  await page.goto(`/refunds?from=${FROM}&to=${TO}&compare=none`);
  const purchases = groundTruth({ now: SANDBOX_NOW }, "affiliate", "purchases", FROM, dayAfter(TO));
  const ids = new Set(purchases.map((p) => p.purchaseId));
  // The commission goes with a dispute that took the money: not an alert, not a dispute won.
  const charged = new Set(groundTruth({ now: SANDBOX_NOW }, "affiliate", "chargebacks", FROM, "2026-06-16").filter((c) => ids.has(c.purchaseId) && c.kind !== "alert" && c.status !== "won").map((c) => c.purchaseId));
  for (const currency of ["brl", "usd"]) {
    const lost = purchases.filter((p) => p.currency === currency).reduce((s, p) => {
      const refunded = cents(p.amountRefunded);
      let total = refunded > 0 ? Math.round(cents(p.amountAffiliation) * Math.min(1, refunded / Math.max(1, cents(p.amountTransaction)))) : 0;
      if (charged.has(p.purchaseId)) total += cents(p.amountAffiliation);
      // A sale both refunded and charged back loses its commission once, not more.
      return s + Math.min(total, cents(p.amountAffiliation));
    }, 0);
    expect(centsOnScreen(await page.getByTestId(`rf-${currency}-commissionLost`).textContent())).toBe(lost);
  }
  const text = await page.locator("body").innerText();
  for (const word of ["amountCreatorNet", "amountCreatorPlatformFee", "amountCreatorTax", "Creator net"]) expect(text).not.toContain(word);
  const csv = (await (await page.request.get(`/api/export/refunds/kpis?from=${FROM}&to=${TO}`)).body()).toString("utf8");
  expect(csv).toContain("commissionLost");
});

test("when refunds and chargebacks answer 404 the view still shows what purchases give, and says what is missing", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  await controls({ refundsEnabled: false });
  try {
    // Days no other test opened, so nothing comes from the dashboard's day cache.
    await page.goto("/refunds?from=2025-02-01&to=2025-02-28&compare=none");
    await expect(page.getByTestId("unavailable")).toContainText("refunds and chargebacks records");
    const purchases = groundTruth({ now: SANDBOX_NOW }, "creator", "purchases", "2025-02-01", "2025-03-01");
    const refunded = purchases.filter((p) => p.currency === "brl" && Number(p.amountRefunded) > 0);
    expect(await count(page, "rf-brl-refunds")).toBe(refunded.length);
    await expect(page.getByTestId("refund-records-total")).toHaveCount(0);
  } finally {
    await controls({ refundsEnabled: true });
  }
});

test("the refund and chargeback tables keep their own sort and page in the URL, apart", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  const [from, to] = ["2026-01-01", "2026-06-15"];
  await page.goto(`/refunds?from=${from}&to=${to}&compare=none&dating=event`);
  const refunds = groundTruth({ now: SANDBOX_NOW }, "creator", "refunds", from, dayAfter(to));
  const chargebacks = groundTruth({ now: SANDBOX_NOW }, "creator", "chargebacks", from, dayAfter(to));
  expect(refunds.length).toBeGreaterThan(100);
  await expect(page.getByTestId("refund-records-total")).toHaveText(refunds.length.toLocaleString("en-US"), { timeout: 45_000 });
  const refundTable = page.getByRole("region", { name: "Refund records" });
  await refundTable.getByRole("button", { name: /^Amount/ }).click();
  await refundTable.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/refunds\.sort=amount/);
  await expect(page).toHaveURL(/refunds\.page=2/);
  const cbTable = page.getByRole("region", { name: "Chargeback and alert records" });
  await cbTable.getByRole("button", { name: /^Kind$/ }).click();
  await expect(page).toHaveURL(/chargebacks\.sort=kind/);
  await expectReloadKeepsPage(page, "refund-records", `Page 2 of ${Math.ceil(refunds.length / 50)}`);
  await expect(page).toHaveURL(/refunds\.page=2/);
  await expect(cbTable.getByRole("columnheader", { name: /^Kind/ })).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByTestId("chargeback-records-page")).toHaveText(/^Page 1 of /);
  await expect(page.getByTestId("chargeback-records-total")).toHaveText(chargebacks.length.toLocaleString("en-US"));

  // The sandbox's refund records carry no customer field: nothing to reveal, and the rows stay as they were.
  const before = await refundTable.locator("tbody").textContent();
  await refundTable.getByLabel("Show customer details").check();
  await page.waitForLoadState("networkidle");
  expect(await refundTable.locator("tbody").textContent()).toBe(before);
});
