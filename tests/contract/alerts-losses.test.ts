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
      expect(facts).toEqual({ currency: "brl", month: "2026-06-01", today: "2026-06-15", daysLeft: 15, monthToDate: month, pace: { days: 14, ...pace }, projected: { sales, chargebacks, rate }, threshold: line });
    }
  });
});

describe("refunds spiking", () => {
  it("fires for a day the test filled with refunds, with the ground truth's counts, and resolves once that day has passed", async () => {
    // 80 refunds requested yesterday (2026-06-14, UTC) on BRL purchases of three weeks before that had none.
    const old = truth("purchases", "2026-05-24", "2026-05-25").filter((p) => p.currency === "brl" && Number(p.amountRefunded) === 0).slice(0, 80);
    expect(old).toHaveLength(80);
    const late: LateRefund[] = old.map((p, i) => ({ purchaseId: p.purchaseId as number, requestedAt: `2026-06-14T${String(8 + (i % 10)).padStart(2, "0")}:00:00Z`, amount: 1 }));
    const count = (day: string, lateRefunds: LateRefund[] = []) => truth("refunds", day, day, lateRefunds).filter((r) => r.currency === "brl").length;
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
