import { describe, expect, it } from "vitest";
import { deliverAlerts, DELIVERY_WINDOW_MS } from "@/lib/alerts/deliver-alerts";
import { addressKeyOf, deriveDigestKeys, sealAddress } from "@/lib/digests/digest-keys";
import type { DigestSender } from "@/lib/digests/send-digest";
import { MailError, type MailMessage } from "@/lib/mail/mailer";
import { MemoryAlertStore, type AlertEpisode } from "@/lib/store/alert-store";
import { MemoryDigestStore, retryWaitMs, type DigestSubscription } from "@/lib/store/digest-store";

// An episode's messages: to each address confirmed for alerts before it happened, once each
// (a second run sends nothing), a refused one kept as failed and sent on a later run after its
// wait, and none of an episode older than a day.
const keys = deriveDigestKeys("deliver-alerts-secret-0123456789abcdef0123456");
const AT = 10 * DELIVERY_WINDOW_MS;

function setup() {
  const sent: MailMessage[] = [];
  let refuse = 0;
  const sender: DigestSender = {
    store: new MemoryDigestStore(),
    keys,
    baseUrl: "https://dash.example",
    mailer: { send: async (m) => { if (refuse-- > 0) throw new MailError("The mail server refused the message (SMTP 550).", "mail_refused:550"); sent.push(m); }, close: () => undefined },
  };
  const subscribe = async (id: string, address: string, extra: Partial<DigestSubscription> = {}) => {
    const s: DigestSubscription = { id, account: "acct", sealedAddress: sealAddress(keys, id, address), addressKey: addressKeyOf(keys, address), cadence: "alerts", locale: "en", timeZone: "UTC", keyType: "creator", createdAt: 1, confirmedAt: 2, ...extra };
    await sender.store.create(s);
  };
  return { sender, sent, subscribe, refuseNext: (n: number) => void (refuse = n), alerts: new MemoryAlertStore() };
}

const episode = (id: string, extra: Partial<AlertEpisode> = {}): AlertEpisode => ({ id, account: "acct", kind: "key_refused", subject: "key", openedAt: AT - 1_000, clearSince: null, resolvedAt: null, facts: "{}", lastFacts: "{}", ...extra });

describe("deliverAlerts", () => {
  it("sends each message once to each address confirmed for alerts before it, with a one-click unsubscribe", async () => {
    const { sender, sent, subscribe, alerts } = setup();
    await subscribe("a", "ana@example.com");
    await subscribe("late", "late@example.com", { confirmedAt: AT - 500 });
    await subscribe("pending", "pending@example.com", { confirmedAt: null });
    await subscribe("digest", "digest@example.com", { cadence: "weekly" });
    await alerts.open(episode("e1"));
    expect(await deliverAlerts(sender, alerts, "acct", AT)).toEqual([{ subscriptionId: "a", episodeId: "e1", event: "fired", result: "sent" }]);
    expect(sent.map((m) => [m.to, m.subject, m.messageId])).toEqual([["ana@example.com", "Salesdash alert: the Sales API no longer accepts your key", "<alert.a.e1.fired@salesdash>"]]);
    expect(sent[0]!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(await deliverAlerts(sender, alerts, "acct", AT + 60_000)).toEqual([]);

    await alerts.update("e1", { clearSince: AT, resolvedAt: AT + 1_000, lastFacts: "{}" });
    const resolved = await deliverAlerts(sender, alerts, "acct", AT + 2_000);
    expect(resolved.map((d) => [d.subscriptionId, d.event])).toEqual([["a", "resolved"], ["late", "resolved"]]);
    expect(sent).toHaveLength(3);
  });

  it("keeps a refused message as failed and sends it on a later run once its wait has passed; none of an episode a day old", async () => {
    const { sender, sent, subscribe, alerts, refuseNext } = setup();
    await subscribe("a", "ana@example.com");
    await alerts.open(episode("e1"));
    await alerts.open(episode("old", { subject: "other", openedAt: AT - DELIVERY_WINDOW_MS - 1 }));
    refuseNext(1);
    expect(await deliverAlerts(sender, alerts, "acct", AT)).toEqual([{ subscriptionId: "a", episodeId: "e1", event: "fired", result: "failed" }]);
    expect((await sender.store.sends("acct", 5))[0]).toMatchObject({ status: "failed", detail: "mail_refused:550" });
    expect(await deliverAlerts(sender, alerts, "acct", AT + retryWaitMs(1) - 1)).toEqual([]);
    expect(await deliverAlerts(sender, alerts, "acct", AT + retryWaitMs(1))).toEqual([{ subscriptionId: "a", episodeId: "e1", event: "fired", result: "sent" }]);
    expect(sent.map((m) => m.messageId)).toEqual(["<alert.a.e1.fired@salesdash>"]);
  });
});
