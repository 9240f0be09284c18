import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverAlerts } from "@/lib/alerts/deliver-alerts";
import { deriveDigestKeys } from "@/lib/digests/digest-keys";
import type { DigestSender } from "@/lib/digests/send-digest";
import { MemoryAlertStore, type AlertEpisode } from "@/lib/store/alert-store";
import { MemoryDigestStore, retryWaitMs } from "@/lib/store/digest-store";
import { getWebhook, removeWebhook, setWebhook } from "@/lib/webhooks/account-webhook";
import { verifyWebhookSignature } from "@/lib/webhooks/webhook-signature";
import { startWebhookReceiver } from "../support/webhook-receiver";

// An alert to a real HTTP receiver: POSTed as JSON with a signature its secret verifies and a
// Slack-compatible text, once per episode and event; a receiver that fails is tried again after
// the wait; an address on a private network is not reached unless allowed. The secret never
// comes back: the page sees the host only.
const keys = deriveDigestKeys("webhook-delivery-secret-0123456789abcdef0123");
const SECRET = "whsec-0123456789abcdef";
const AT = Date.parse("2026-06-15T12:00:00Z");
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => void (receiver = await startWebhookReceiver()));
afterAll(async () => receiver?.stop());

function setup() {
  const store = new MemoryDigestStore();
  const sender: DigestSender = { store, keys, baseUrl: "https://dash.example", mailer: { send: async () => undefined, close: () => undefined } };
  return { store, sender, alerts: new MemoryAlertStore() };
}
const episode: AlertEpisode = { id: "ep1", account: "acct", kind: "key_refused", subject: "key", openedAt: AT - 1_000, clearSince: null, resolvedAt: null, facts: "{}", lastFacts: "{}" };
const hook = () => ({ account: "acct", keyType: "creator" as const, url: receiver.url, secret: SECRET, locale: "pt-BR" as const, timeZone: "UTC" });

describe("an alert to a webhook", () => {
  it("is POSTed once, signed with the webhook's secret, with the alert as JSON and its words as text", async () => {
    receiver.received.length = 0;
    const { sender, store, alerts } = setup();
    expect(await setWebhook({ store, keys }, hook(), true, AT - 5_000)).toEqual({ ok: true, host: new URL(receiver.url).host });
    expect(await getWebhook({ store, keys }, "acct")).toEqual({ host: new URL(receiver.url).host, digest: null, createdAt: AT - 5_000 });
    expect(JSON.stringify(await store.list("acct"))).not.toContain(SECRET);
    await alerts.open(episode);
    expect(await deliverAlerts(sender, alerts, "acct", AT, { allowPrivate: true })).toEqual([{ subscriptionId: expect.any(String), episodeId: "ep1", event: "fired", result: "sent" }]);
    expect(await deliverAlerts(sender, alerts, "acct", AT + 60_000, { allowPrivate: true })).toEqual([]);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got!.headers["content-type"]).toBe("application/json");
    expect(got!.headers["x-salesdash-event"]).toBe("alert.fired");
    expect(got!.headers["x-salesdash-delivery"]).toBe("ep1.fired");
    // Signed at the moment of the POST (the real clock's), which a receiver's replay check reads.
    expect(verifyWebhookSignature(SECRET, got!.headers["x-salesdash-signature"] as string, got!.body, Date.now())).toBe(true);
    expect(verifyWebhookSignature("another-secret-0123456", got!.headers["x-salesdash-signature"] as string, got!.body, Date.now())).toBe(false);
    expect(JSON.parse(got!.body)).toEqual({
      id: "ep1.fired",
      type: "alert.fired",
      alert: { kind: "key_refused", subject: "key", openedAt: new Date(AT - 1_000).toISOString(), resolvedAt: null, facts: {} },
      text: expect.stringMatching(/^\*Alerta do Salesdash: a Sales API não aceita mais a sua chave\*\nA Sales API recusou a chave/),
    });
  });

  it("is tried again after its wait when the receiver fails, and replaced when the webhook is set again", async () => {
    receiver.received.length = 0;
    const { sender, store, alerts } = setup();
    await setWebhook({ store, keys }, hook(), true, AT - 5_000);
    await alerts.open(episode);
    receiver.failNext(1, 503);
    expect((await deliverAlerts(sender, alerts, "acct", AT, { allowPrivate: true }))[0]!.result).toBe("failed");
    expect((await store.sends("acct", 5))[0]).toMatchObject({ status: "failed", detail: "webhook_status:503" });
    expect(await deliverAlerts(sender, alerts, "acct", AT + retryWaitMs(1), { allowPrivate: true })).toMatchObject([{ result: "sent" }]);
    expect(receiver.received).toHaveLength(1);
    await setWebhook({ store, keys }, { ...hook(), url: `${receiver.url}/v2` }, true, AT - 4_000);
    expect((await store.list("acct")).filter((s) => s.cadence === "webhook")).toHaveLength(1);
    // Saves at once keep one webhook, the last.
    await Promise.all([1, 2, 3].map((n) => setWebhook({ store, keys }, { ...hook(), url: `${receiver.url}/v${n}` }, true, AT)));
    expect((await store.list("acct")).filter((s) => s.cadence === "webhook")).toHaveLength(1);
    expect(await removeWebhook(store, "acct")).toBe(true);
    expect(await getWebhook({ store, keys }, "acct")).toBeNull();
  });

  it("does not reach a receiver on a private network unless private addresses are allowed", async () => {
    receiver.received.length = 0;
    const { sender, store, alerts } = setup();
    expect(await setWebhook({ store, keys }, hook(), false)).toEqual({ ok: false, reason: "scheme", detail: "A webhook's address must start with https://." });
    await setWebhook({ store, keys }, hook(), true, AT - 5_000);
    await alerts.open(episode);
    expect((await deliverAlerts(sender, alerts, "acct", AT, { allowPrivate: false }))[0]!.result).toBe("failed");
    expect((await store.sends("acct", 5))[0]!.detail).toBe("webhook_scheme");
    expect(receiver.received).toHaveLength(0);
    expect(await setWebhook({ store, keys }, { ...hook(), secret: "short" }, true)).toMatchObject({ ok: false, reason: "secret" });
  });
});
