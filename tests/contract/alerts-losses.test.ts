// The loss alerts over the sandbox, every figure the ground truth's: chargebacks projected to the
// month's end at the last 14 days' pace (fired at a line under the projection, not at one over
// it), and refunds spiking on a day the test filled with refunds on old purchases (the
// lateRefunds control), resolved once the day has passed.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUIET_MS } from "@/lib/alerts/alert-episodes";
import type { ChargebackProjectionFacts } from "@/lib/alerts/chargeback-projection";
import { evaluateAlerts, type AlertJudge } from "@/lib/alerts/evaluate-alerts";
import type { RefundSpikeFacts } from "@/lib/alerts/refund-spike";
import { MemoryAlertStore } from "@/lib/store/alert-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { groundTruth, type LateRefund } from "../../sandbox/ground-truth";
import { again, mirroredClient, NOW_MS, removeTempDataDirs, tempDataDir } from "../support/mirror-sync";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "../support/sandbox-process";

const SCALE = 10;
const DAY = 86_400_000;
let sb: RunningSandbox;
let mirror: SqliteMirrorStore;

beforeAll(async () => {
  sb = await startSandboxProcess(["--now", FIXED_NOW, "--scale", String(SCALE), "--rate-limit-per-minute", "100000"]);
  mirror = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
});
afterAll(async () => {
  await mirror?.close();
  await sb?.stop();
  removeTempDataDirs();
});

type Row = Record<string, unknown>;
const next = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
const truth = (resource: "purchases" | "refunds" | "chargebacks", from: string, to: string, lateRefunds: LateRefund[] = []) => groundTruth({ now: FIXED_NOW, scale: SCALE, lateRefunds }, "creator", resource, from, next(to)) as Row[];
const judgeOf = (alerts: MemoryAlertStore): AlertJudge => ({ alerts, mirror, syncDays: 90, resources: ["purchases", "refunds", "chargebacks"] });

describe("chargebacks projected over the line", () => {
  it("projects the month's disputes over its sales at the last 14 days' pace, per currency, as the ground truth has them", async () => {
    // FIXED_NOW is 2026-06-15 in UTC: the month so far is 06-01..06-15, the pace 06-01..06-14, 15 days left.
    const oracle = (currency: string, from: string, to: string) => ({
      sales: truth("purchases", from, to).filter((p) => p.currency === currency).length,
      chargebacks: new Set(truth("chargebacks", from, to).filter((c) => c.kind !== "alert" && c.currency === currency).map((c) => c.purchaseId)).size,
    });
    const month = oracle("brl", "2026-06-01", "2026-06-15");
    const pace = oracle("brl", "2026-06-01", "2026-06-14");
    const sales = month.sales + (pace.sales / 14) * 15;
    const chargebacks = month.chargebacks + (pace.chargebacks / 14) * 15;
    const rate = chargebacks / sales;
    expect(month.chargebacks).toBeGreaterThan(0);
    const under = Math.max(0.1, Math.floor(rate * 1000) / 10 - 0.1);
    const over = Math.ceil(rate * 1000) / 10 + 0.1;
    expect(under).toBeLessThan(rate * 100);

    const client = mirroredClient(sb, "creator", mirror);
    for (const [line, firing] of [[under, true], [over, false]] as const) {
      const alerts = new MemoryAlertStore();
      await alerts.setRule(client.identity, { kind: "chargeback_projection", enabled: true, threshold: line, timeZone: "UTC" });
      const changes = await evaluateAlerts(judgeOf(alerts), client, { keyType: "creator", at: NOW_MS });
      expect(changes.some((c) => c.episode.subject === "brl")).toBe(firing);
      if (!firing) continue;
      const facts = JSON.parse((await alerts.episodes(client.identity, { since: 0, limit: 10 })).find((e) => e.subject === "brl")!.facts) as ChargebackProjectionFacts;
      const { findings = [], ...figures } = facts;
      expect(figures).toEqual({ currency: "brl", month: "2026-06-01", today: "2026-06-15", daysLeft: 15, monthToDate: month, pace: { days: 14, ...pace }, projected: { sales, chargebacks, rate }, threshold: line });
      // What carries the disputes, as the oracle finds it from the ground truth (the sandbox's
      // disputes are all by card: at least the payment method stands out).
      const expected = disputeOracle("brl");
      expect(expected.map((f) => f.dimension)).toContain("paymentMethod");
      expect(findings.map(({ dimension, key, events, base }) => ({ dimension, key, events, base }))).toEqual(expected.map(({ dimension, key, events, base }) => ({ dimension, key, events, base })));
      for (const [i, f] of findings.entries()) expect(f.eventShare).toBeCloseTo(expected[i]!.eventShare, 12);
    }
  });
});

/**
 * The oracle of what carries the month's disputes (06-01..06-15, UTC): each dispute placed by its
 * sale's values (the sale found in the ground truth by id), against the month's sales; a value
 * holding a quarter of the disputes at least and 15 points more of them than of the sales; one per
 * dimension, the largest lift first, three at most, a product's only offer not told again.
 */
function disputeOracle(currency: string) {
  const disputes = truth("chargebacks", "2026-06-01", "2026-06-15").filter((c) => c.kind !== "alert" && c.currency === currency);
  // Every sale by id, from well before the earliest dispute's (a checkout may begin days before its purchase).
  const first = disputes.map((c) => (c.purchaseCreatedAt as string).slice(0, 10)).sort()[0]!;
  const earlier = new Date(Date.parse(`${first}T00:00:00Z`) - 10 * DAY).toISOString().slice(0, 10);
  const byId = new Map(truth("purchases", earlier, "2026-06-15").map((p) => [p.purchaseId, p]));
  // Each found: the product found them all (none left out as unmatched).
  expect(disputes.every((d) => byId.has(d.purchaseId))).toBe(true);
  const monthSales = truth("purchases", "2026-06-01", "2026-06-15").filter((p) => p.currency === currency && (p.checkoutInitializedAt as string) >= "2026-06-01");
  const fields = { product: "productName", offer: "offerCode", purchaseType: "purchaseType", paymentMethod: "paymentMethod", psp: "psp", cardBrand: "cardBrand", country: "billingCountry", affiliate: "affiliateName" } as const;
  const keyOf = (p: Row | undefined, field: string) => (p && typeof p[field] === "string" && p[field] !== "" ? (p[field] as string) : "none");
  const found: Array<{ dimension: string; key: string; events: number; base: number; eventShare: number; lift: number; order: number }> = [];
  Object.entries(fields).forEach(([dimension, field], order) => {
    const events = new Map<string, number>();
    const base = new Map<string, number>();
    for (const d of disputes) events.set(keyOf(byId.get(d.purchaseId), field), (events.get(keyOf(byId.get(d.purchaseId), field)) ?? 0) + 1);
    for (const p of monthSales) base.set(keyOf(p, field), (base.get(keyOf(p, field)) ?? 0) + 1);
    let best: (typeof found)[number] | null = null;
    for (const key of new Set([...events.keys(), ...base.keys()])) {
      const e = events.get(key) ?? 0;
      const b = base.get(key) ?? 0;
      const eventShare = e / disputes.length;
      const lift = eventShare - b / monthSales.length;
      if (eventShare < 0.25 || lift < 0.15) continue;
      if (!best || lift > best.lift || (lift === best.lift && key < best.key)) best = { dimension, key, events: e, base: b, eventShare, lift, order };
    }
    if (best) found.push(best);
  });
  const kept: typeof found = [];
  for (const f of found.sort((a, b) => b.lift - a.lift || a.order - b.order)) {
    if (kept.length === 3) break;
    const repeats = kept.some((k) => [k.dimension, f.dimension].sort().join() === "offer,product" && k.events === f.events && k.base === f.base);
    if (!repeats) kept.push(f);
  }
  return kept;
}

describe("refunds spiking", () => {
  it("fires for a day the test filled with refunds, with the ground truth's counts, and resolves once that day has passed", async () => {
    // 80 refunds requested yesterday (2026-06-14, UTC) on BRL purchases of a few weeks before that
    // had none, all of one product: the least sold of those with 80 such purchases at least.
    const candidates = truth("purchases", "2026-05-10", "2026-05-25").filter((p) => p.currency === "brl" && Number(p.amountRefunded) === 0);
    const perProduct = new Map<string, number>();
    for (const p of candidates) perProduct.set(p.productName as string, (perProduct.get(p.productName as string) ?? 0) + 1);
    const [product] = [...perProduct].filter(([, n]) => n >= 80).sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))[0]!;
    const old = candidates.filter((p) => p.productName === product).slice(0, 80);
    expect(old).toHaveLength(80);
    const late: LateRefund[] = old.map((p, i) => ({ purchaseId: p.purchaseId as number, requestedAt: `2026-06-14T${String(8 + (i % 10)).padStart(2, "0")}:00:00Z`, amount: 1 }));
    const refundsOf = (day: string, lateRefunds: LateRefund[] = []) => truth("refunds", day, day, lateRefunds).filter((r) => r.currency === "brl");
    const count = (day: string, lateRefunds: LateRefund[] = []) => refundsOf(day, lateRefunds).length;
    const current = count("2026-06-14", late);
    const weeks = ["2026-06-07", "2026-05-31", "2026-05-24", "2026-05-17"].map((d) => count(d, late));
    const expected = weeks.reduce((a, b) => a + b, 0) / weeks.length;
    expect(current).toBeGreaterThan(expected * 1.5 + 5);

    const client = mirroredClient(sb, "creator", mirror, () => NOW_MS + 2 * 60_000);
    const alerts = new MemoryAlertStore();
    await alerts.setRule(client.identity, { kind: "refund_spike", enabled: true, threshold: 50, timeZone: "UTC" });
    try {
      await again(() => sb.controls({ lateRefunds: late }));
      const fired = await evaluateAlerts(judgeOf(alerts), client, { keyType: "creator", at: NOW_MS });
      expect(fired.map((c) => [c.episode.subject, c.event])).toContainEqual(["brl", "fired"]);
      const facts = JSON.parse((await alerts.episodes(client.identity, { since: 0, limit: 10 })).find((e) => e.subject === "brl")!.facts) as RefundSpikeFacts;
      expect(facts.refunds).toEqual({ current, expected, min: Math.min(...weeks), max: Math.max(...weeks) });
      expect(facts.day).toBe("2026-06-14");
      // What explains it: the product the test gave the refunds, first, with the ground truth's counts.
      const ofProduct = (day: string) => refundsOf(day, late).filter((r) => r.productName === product).length;
      const productNow = ofProduct("2026-06-14");
      const productBefore = ["2026-06-07", "2026-05-31", "2026-05-24", "2026-05-17"].reduce((sum, d) => sum + ofProduct(d), 0) / 4;
      expect(facts.findings?.[0]).toMatchObject({ dimension: "product", key: product, current: productNow, previous: productBefore });
      expect(facts.findings![0]!.share).toBeCloseTo((productNow - productBefore) / (current - expected), 10);
      expect(facts.findings!.filter((f) => f.dimension === "product")).toHaveLength(1);

      // Two days on, the day judged is another: clear, then resolved after the quiet hour.
      const later = NOW_MS + 2 * DAY;
      await again(() => sb.controls({ now: new Date(later).toISOString() }));
      const laterClient = mirroredClient(sb, "creator", mirror, () => later + 60_000);
      const clear = await evaluateAlerts(judgeOf(alerts), laterClient, { keyType: "creator", at: later });
      expect(clear.filter((c) => c.episode.subject === "brl")).toEqual([]);
      const resolved = await evaluateAlerts(judgeOf(alerts), laterClient, { keyType: "creator", at: later + QUIET_MS });
      expect(resolved.filter((c) => c.episode.subject === "brl").map((c) => c.event)).toEqual(["resolved"]);
    } finally {
      await again(() => sb.reset());
    }
  });
});
