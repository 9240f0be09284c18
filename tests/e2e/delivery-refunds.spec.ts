// Delivery against refunds (Refunds & chargebacks, creator): every count and rate on screen and in
// its CSV equals what this test works out from the sandbox's orders, refunds and chargebacks; an
// affiliate has no such panel.
import { parse } from "csv-parse/sync";
import { expect, test, type Locator } from "./support/test";
import { groundTruth } from "../../sandbox/ground-truth";
import { seriousViolations } from "./support/axe";
import { SANDBOX_NOW, sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();
const FROM = "2026-05-01";
const TO = "2026-05-31";
const LATER = "2026-06-16"; // past SANDBOX_NOW: refunds and chargebacks of May's sales whenever requested
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const pct = new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });

interface Group { orders: number; refunded: number; charged: number }
type Groups = Map<string, Group>;

function truth() {
  const purchases = groundTruth({ now: SANDBOX_NOW }, "creator", "purchases", FROM, dayAfter(TO));
  const saleIds = new Set(purchases.map((p) => p.purchaseId));
  // A chargeback is a dispute opened: an alert (the card network's warning) is none.
  const ofSales = (resource: "refunds" | "chargebacks") => new Set(groundTruth({ now: SANDBOX_NOW }, "creator", resource, FROM, LATER).filter((r) => saleIds.has(r.purchaseId) && r.kind !== "alert").map((r) => String(r.orderId)));
  const refunded = ofSales("refunds");
  const charged = ofSales("chargebacks");
  const orders = groundTruth({ now: SANDBOX_NOW }, "creator", "orders", FROM, dayAfter(TO)).filter((o) => o.lastTrackingMilestone);
  const milestone: Groups = new Map();
  const carrier: Groups = new Map();
  const days: Groups = new Map();
  const onTime: Groups = new Map();
  const late: Groups = new Map();
  const add = (groups: Groups, key: string, id: string) => {
    const g = groups.get(key) ?? { orders: 0, refunded: 0, charged: 0 };
    g.orders++;
    if (refunded.has(id)) g.refunded++;
    if (charged.has(id)) g.charged++;
    groups.set(key, g);
  };
  for (const o of orders) {
    const id = String(o.orderId);
    const c = String(o.trackingCarrier || "unknown");
    add(milestone, String(o.lastTrackingMilestone), id);
    add(carrier, c, id);
    if (!o.deliveredAt) { add(days, "notDelivered", id); continue; }
    const d = Math.floor((Date.parse(String(o.deliveredAt)) - Date.parse(String(o.orderCreatedAt))) / 86_400_000);
    add(days, d <= 3 ? "upTo3" : d <= 7 ? "upTo7" : d <= 14 ? "upTo14" : "over14", id);
    add(d > 7 ? late : onTime, c, id);
    if (d > 7) onTime.set(c, onTime.get(c) ?? { orders: 0, refunded: 0, charged: 0 });
    else late.set(c, late.get(c) ?? { orders: 0, refunded: 0, charged: 0 });
  }
  return { orders: orders.length, milestone, carrier, days, onTime, late };
}

const cell = (n: number, of: number) => `${n.toLocaleString("en-US")} of ${of.toLocaleString("en-US")} (${of === 0 ? "—" : pct.format(n / of)})`;

async function expectTable(table: Locator, rowTestId: string, groups: Groups, cells: Array<[string, (g: Group) => string]>) {
  const rows = table.getByTestId(rowTestId);
  await expect(rows).toHaveCount(groups.size);
  for (const [key, g] of groups) {
    const row = table.locator(`[data-testid="${rowTestId}"][data-key="${key}"]`);
    for (const [testId, text] of cells) await expect(row.getByTestId(testId)).toHaveText(text(g));
  }
}

test("a creator's delivery against refunds equals the ground truth, on screen and in its CSV", async ({ page }) => {
  const t = truth();
  expect(t.orders).toBeGreaterThan(0);
  expect([...t.carrier.values()].some((g) => g.refunded > 0)).toBe(true);
  await signIn(page, creds.creator, "A");
  await page.goto(`/refunds?from=${FROM}&to=${TO}&compare=none`);
  const panel = page.getByTestId("delivery-rates");
  await expect(panel).toContainText(`The ${t.orders.toLocaleString("en-US")} physical orders`);
  const both: Array<[string, (g: Group) => string]> = [["dr-refunded", (g) => cell(g.refunded, g.orders)], ["dr-charged", (g) => cell(g.charged, g.orders)]];
  await expectTable(panel.getByTestId("dr-milestone"), "dr-milestone-row", t.milestone, both);
  await expectTable(panel.getByTestId("dr-carrier"), "dr-carrier-row", t.carrier, both);
  await expectTable(panel.getByTestId("dr-days"), "dr-days-row", new Map(["upTo3", "upTo7", "upTo14", "over14", "notDelivered"].map((k) => [k, t.days.get(k) ?? { orders: 0, refunded: 0, charged: 0 }])), both);
  const lateRows = panel.getByTestId("dr-late");
  await expect(lateRows.getByTestId("dr-late-row")).toHaveCount(t.onTime.size);
  for (const [c, g] of t.onTime) {
    const row = lateRows.locator(`[data-testid="dr-late-row"][data-key="${c}"]`);
    await expect(row.getByTestId("dr-ontime")).toHaveText(cell(g.refunded, g.orders));
    const l = t.late.get(c)!;
    await expect(row.getByTestId("dr-late-refunded")).toHaveText(cell(l.refunded, l.orders));
  }
  await expect(panel).toContainText("more than 7 whole days");

  const response = await page.request.get(`/api/export/refunds/delivery-refunds?from=${FROM}&to=${TO}&compare=none`);
  expect(response.status()).toBe(200);
  const csv = parse(await response.body(), { bom: true, columns: true }) as Array<Record<string, string>>;
  const ofGroup = (group: string) => new Map(csv.filter((r) => r.group === group).map((r) => [r.key!, r]));
  const expectCsv = (group: string, groups: Groups, rename: (k: string) => string = (k) => k) => {
    const rows = ofGroup(group);
    expect(rows.size).toBe(groups.size);
    for (const [key, g] of groups) {
      const r = rows.get(rename(key))!;
      expect([Number(r.orders), Number(r.refunded), Number(r.chargedBack)]).toEqual([g.orders, g.refunded, g.charged]);
      if (g.orders > 0) expect(Number(r.refundRate)).toBeCloseTo(g.refunded / g.orders, 6);
    }
  };
  expectCsv("milestone", t.milestone);
  expectCsv("carrier", t.carrier);
  const DAYS: Record<string, string> = { upTo3: "0–3 days", upTo7: "4–7 days", upTo14: "8–14 days", over14: "15 days or more", notDelivered: "not delivered" };
  expectCsv("daysToDelivery", new Map(Object.keys(DAYS).map((k) => [k, t.days.get(k) ?? { orders: 0, refunded: 0, charged: 0 }])), (k) => DAYS[k]!);
  expectCsv("onTime (≤ 7 days)", t.onTime);
  expectCsv("late (> 7 days)", t.late);
});

test("dated by request, the panel says it needs the sale dating", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  await page.goto(`/refunds?from=${FROM}&to=${TO}&compare=none&dating=event`);
  await expect(page.getByTestId("delivery-rates-by-sale")).toBeVisible();
  await expect(page.getByTestId("delivery-rates")).toHaveCount(0);
});

test("an affiliate sees no delivery against refunds, and has no such CSV", async ({ page }) => {
  await signIn(page, creds.affiliate, "A");
  await page.goto(`/refunds?from=${FROM}&to=${TO}&compare=none`);
  await expect(page.getByTestId("rf-kpis").or(page.locator("#rf-kpis"))).toBeVisible();
  await expect(page.getByTestId("delivery-rates")).toHaveCount(0);
  await expect(page.getByTestId("delivery-rates-by-sale")).toHaveCount(0);
  expect((await page.request.get(`/api/export/refunds/delivery-refunds?from=${FROM}&to=${TO}&compare=none`)).status()).not.toBe(200);
});

test.describe("on a 390 px phone", () => {
  test.use({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  for (const scheme of ["light", "dark"] as const) {
    test(`the panel fits the phone and is axe-clean (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await signIn(page, creds.creator, "A");
      await page.goto(`/refunds?from=${FROM}&to=${TO}&compare=none`);
      const panel = page.getByTestId("delivery-rates");
      await expect(panel.getByTestId("dr-late")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
      // Screenshots to look at, in both languages.
      for (const locale of ["en", "pt-BR"] as const) {
        await page.context().addCookies([{ name: "salesdash-locale", value: locale, url: page.url() }]);
        await page.reload();
        await expect(panel.getByTestId("dr-late")).toBeVisible();
        await panel.screenshot({ path: `test-results/delivery-refunds/phone-${scheme}-${locale}.png` });
        await page.setViewportSize({ width: 1280, height: 800 });
        await panel.screenshot({ path: `test-results/delivery-refunds/desktop-${scheme}-${locale}.png` });
        await page.setViewportSize({ width: 390, height: 844 });
      }
    });
  }
});
