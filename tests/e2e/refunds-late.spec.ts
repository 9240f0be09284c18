// Refunds dated by request (issue #24 point 3): a refund requested this week of a sale made a
// hundred days before is matched to its sale, wherever the sale is, so it is told full or partial
// and the affiliate's commission lost counts it. Truth from the sandbox's records with the same
// late refund, worked out here: full refunds by the record's own refundType, commission lost per
// sale (its refunded share, or all of it for a dispute not won; at most the commission, once).
import { expect, test } from "./support/test";
import { groundTruth } from "../../sandbox/ground-truth";
import { centsOnScreen } from "./support/revenue-truth";
import { withOwnDashboard } from "./support/own-dashboard";
import { DASHBOARD_PORT, sandboxRequest, setSandboxControls } from "./support/sandbox";
import { SANDBOX_NOW, sandboxCredentials, signIn } from "./support/session";

// A dashboard of its own: the shared one may hold this week's refunds from before the late
// refund in its mirror, and would answer them as they were.
const PORT = DASHBOARD_PORT + 6;
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

withOwnDashboard(PORT, "refunds-late");

type Rec = Record<string, unknown>;
const cents = (n: unknown) => Math.round(Number(n ?? 0) * 100);
const FROM = "2026-06-09";
const TO = "2026-06-15";
const OLD_DAY = "2026-03-07"; // 100 days before the sandbox's today

test("a late refund of a 100-day-old sale counts as the full refund it is, and its commission as lost", async ({ page }) => {
  test.setTimeout(120_000);
  const before = (await sandboxRequest("GET", "/__sandbox/controls")) as { lateRefunds: unknown[] };
  const old = groundTruth({ now: SANDBOX_NOW }, "affiliate", "purchases", OLD_DAY, "2026-03-08") as Rec[];
  const sale = old.find((p) => cents(p.amountRefunded) === 0 && cents(p.amountAffiliation) > 0 && cents(p.amountTransaction) > 0)!;
  expect(sale).toBeDefined();
  const lateRefunds = [{ purchaseId: Number(sale.purchaseId), requestedAt: "2026-06-14T10:00:00Z", amount: Number(sale.amountTransaction) }];
  await setSandboxControls({ lateRefunds });
  try {
    const truth = { now: SANDBOX_NOW, lateRefunds };
    const refunds = groundTruth(truth, "affiliate", "refunds", FROM, "2026-06-16") as Rec[];
    const chargebacks = groundTruth(truth, "affiliate", "chargebacks", FROM, "2026-06-16") as Rec[];
    expect(refunds.some((r) => r.purchaseId === sale.purchaseId)).toBe(true);
    // Every sale the records name, from the oldest one's day (the day before: a checkout may start before midnight).
    const first = [...refunds, ...chargebacks].map((r) => String(r.purchaseCreatedAt).slice(0, 10)).sort()[0]!;
    const start = new Date(Date.parse(`${first}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const sales = new Map((groundTruth(truth, "affiliate", "purchases", start, "2026-06-16") as Rec[]).map((p) => [p.purchaseId, p]));
    expect(sales.has(sale.purchaseId)).toBe(true);

    await signIn(page, sandboxCredentials().affiliate, "A");
    await page.goto(`/refunds?from=${FROM}&to=${TO}&compare=none&dating=event`);
    await expect(page.getByTestId("chargeback-rule")).toContainText("alerts");
    for (const currency of new Set(refunds.map((r) => String(r.currency)))) {
      const mine = refunds.filter((r) => r.currency === currency);
      await expect(page.getByTestId(`rf-${currency}-refunds`)).toContainText(String(mine.length), { timeout: 45_000 });
      const full = mine.filter((r) => r.refundType === "full").length;
      expect(Number(((await page.getByTestId(`rf-${currency}-fullRefunds`).textContent()) ?? "").split("(")[0]!.replace(/\D/g, ""))).toBe(full);
      const refundedBySale = new Map<unknown, number>();
      for (const r of mine) refundedBySale.set(r.purchaseId, (refundedBySale.get(r.purchaseId) ?? 0) + cents(r.amount));
      const disputed = new Set(chargebacks.filter((c) => c.currency === currency && c.kind !== "alert" && c.status !== "won").map((c) => c.purchaseId));
      let lost = 0;
      for (const id of new Set([...refundedBySale.keys(), ...disputed])) {
        const p = sales.get(id)!;
        const commission = cents(p.amountAffiliation);
        const share = Math.round(commission * Math.min(1, (refundedBySale.get(id) ?? 0) / cents(p.amountTransaction)));
        lost += Math.min(commission, disputed.has(id) ? commission : share);
      }
      expect(centsOnScreen(await page.getByTestId(`rf-${currency}-commissionLost`).textContent())).toBe(lost);
    }
    // Every record's sale was found: no "could not be matched" note.
    await expect(page.getByTestId("unmatched")).toHaveCount(0);
  } finally {
    await setSandboxControls({ lateRefunds: before.lateRefunds });
  }
});
