import { describe, expect, it } from "vitest";
import { alertSendKey } from "@/lib/alerts/alert-send-key";
import { loadAlertSettings, saveAlertRules } from "@/lib/alerts/alert-settings";
import { MemoryAlertStore, type AlertEpisode } from "@/lib/store/alert-store";
import { MemoryDigestStore, type DigestSubscription } from "@/lib/store/digest-store";

const episode = (id: string, extra: Partial<AlertEpisode> = {}): AlertEpisode => ({ id, account: "acct", kind: "sales_drop", subject: "brl", openedAt: 1_000, clearSince: null, resolvedAt: null, facts: "{}", lastFacts: "{}", ...extra });
const subscription = (id: string, extra: Partial<DigestSubscription> = {}): DigestSubscription => ({ id, account: "acct", sealedAddress: Buffer.from(id), addressKey: id, cadence: "alerts", locale: "en", timeZone: "UTC", keyType: "creator", createdAt: 1, confirmedAt: 2, ...extra });

describe("saving alert rules", () => {
  it("saves each kind with the browser's zone, and refuses a threshold out of its bounds, saving nothing", async () => {
    const alerts = new MemoryAlertStore();
    expect(await saveAlertRules(alerts, "acct", "creator", [{ kind: "sales_drop", enabled: true, threshold: 25 }, { kind: "key_refused", enabled: true, threshold: 7 }], "America/Sao_Paulo")).toEqual({ ok: true });
    expect(await alerts.rules("acct")).toEqual([
      { kind: "key_refused", enabled: true, threshold: null, timeZone: "America/Sao_Paulo" },
      { kind: "sales_drop", enabled: true, threshold: 25, timeZone: "America/Sao_Paulo" },
    ]);
    expect(await saveAlertRules(alerts, "acct", "creator", [{ kind: "sales_drop", enabled: true, threshold: 10 }, { kind: "decline_rise", enabled: true, threshold: 0.5 }], "UTC")).toEqual({ ok: false, kind: "decline_rise", min: 1, max: 50 });
    expect((await alerts.rules("acct")).find((r) => r.kind === "sales_drop")!.threshold).toBe(25);
  });

  it("saves no kind the key type has not, and drops the open episodes of a kind switched off", async () => {
    const alerts = new MemoryAlertStore();
    await saveAlertRules(alerts, "acct", "affiliate", [{ kind: "decline_rise", enabled: true, threshold: 10 }, { kind: "sales_drop", enabled: true, threshold: 30 }], "UTC");
    expect((await alerts.rules("acct")).map((r) => r.kind)).toEqual(["sales_drop"]);
    await alerts.open(episode("open"));
    await alerts.open(episode("done", { subject: "usd", resolvedAt: 2_000 }));
    await saveAlertRules(alerts, "acct", "affiliate", [{ kind: "sales_drop", enabled: false, threshold: 30 }], "UTC");
    expect((await alerts.episodes("acct", { since: 0, limit: 10 })).map((e) => e.id)).toEqual(["done"]);
  });
});

describe("the alerts the page lists", () => {
  it("lists the episodes of the last 30 days with the messages sent and failed, and the addresses confirmed for alerts", async () => {
    const alerts = new MemoryAlertStore();
    const digests = new MemoryDigestStore();
    const now = 40 * 86_400_000;
    await alerts.open(episode("recent", { openedAt: now - 3_600_000 }));
    await alerts.open(episode("old", { subject: "usd", openedAt: 1, resolvedAt: 2 }));
    const a = subscription("a");
    const b = subscription("b", { addressKey: "b" });
    for (const s of [a, b, subscription("weekly", { cadence: "weekly" }), subscription("pending", { confirmedAt: null })]) await digests.create(s);
    for (const s of [a, b]) await digests.claimSend(s, alertSendKey("recent", "fired"), now, 0);
    await digests.finishSend("a", alertSendKey("recent", "fired"), now, "sent", now, null);
    await digests.finishSend("b", alertSendKey("recent", "fired"), now, "failed", now, "refused");
    const view = await loadAlertSettings(alerts, digests, "acct", "creator", now);
    expect(view.addresses).toBe(2);
    expect(view.episodes).toEqual([{ id: "recent", kind: "sales_drop", subject: "brl", openedAt: now - 3_600_000, resolvedAt: null, sent: 1, failed: 1 }]);
    expect(view.rules.map((r) => [r.kind, r.enabled])).toEqual([["sales_drop", false], ["decline_rise", false], ["chargeback_projection", false], ["refund_spike", false], ["unreadable_days", false], ["key_refused", false]]);
  });
});
