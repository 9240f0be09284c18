import { expect, it, vi } from "vitest";
import { evaluateAlerts } from "@/lib/alerts/evaluate-alerts";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import { MemoryAlertStore } from "@/lib/store/alert-store";

// The loss alerts read a month of records and move by the day: judged once an hour per account,
// not after every sync pass, where the process keeps when they were.
const refunds = vi.hoisted(() => vi.fn(async () => [] as never[]));
vi.mock("@/lib/alerts/refund-spike", () => ({ refundSpikeSignals: refunds }));

it("judges refunds spiking once an hour at most per account", async () => {
  const alerts = new MemoryAlertStore();
  await alerts.setRule("acct", { kind: "refund_spike", enabled: true, threshold: 50, timeZone: "UTC" });
  const judge = { alerts, mirror: { listDays: async () => [] }, syncDays: 30, resources: [], judgedAt: new Map<string, number>() };
  const client = { identity: "acct" } as unknown as MirroredClient;
  for (const at of [0, 5 * 60_000, 59 * 60_000, 60 * 60_000, 61 * 60_000]) await evaluateAlerts(judge, client, { keyType: "creator", at });
  expect(refunds).toHaveBeenCalledTimes(2);
  // Without the process's record (a test's judge, a new instance), every pass judges.
  await evaluateAlerts({ ...judge, judgedAt: undefined }, client, { keyType: "creator", at: 62 * 60_000 });
  expect(refunds).toHaveBeenCalledTimes(3);
});
