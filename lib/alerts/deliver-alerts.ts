import "server-only";

// The messages of an account's alert episodes, to every address confirmed for alerts and to its
// webhook: an episode's "fired" once it opened, its "resolved" once it resolved, each claimed
// once per destination in the digests' store (the same claim as a digest's period: across
// instances, a failed one tried again after its wait, 5 minutes doubling), and only to a
// destination there (confirmed) before it happened.
// Derived from the episodes of the last day, so a message a stopped instance did not send goes
// out on the next pass, and one sent is never sent again.
import { log } from "@/lib/log/server-log";
import { MailError } from "@/lib/mail/mailer";
import { openAddress } from "@/lib/digests/digest-keys";
import { sendFailure } from "@/lib/digests/send-failure";
import { localeOf, mailToSubscriber, STALE_CLAIM_MS, unsubscribePageUrl, type DigestSender } from "@/lib/digests/send-digest";
import type { AlertEpisode, AlertStore } from "@/lib/store/alert-store";
import type { DigestSubscription } from "@/lib/store/digest-store";
import type { EpisodeEvent } from "./alert-episodes";
import { renderAlertEmail } from "./alert-email";
import { alertSendKey } from "./alert-send-key";
import { alertWebhookBody } from "./alert-webhook";
import { openWebhook } from "@/lib/webhooks/account-webhook";
import { postWebhook, WebhookDeliveryError } from "@/lib/webhooks/post-webhook";

/** Messages of episodes older than this are not sent any more (a failed one has had its six tries by then). */
export const DELIVERY_WINDOW_MS = 24 * 3_600_000;

export interface AlertDelivery {
  subscriptionId: string;
  episodeId: string;
  event: EpisodeEvent;
  result: "sent" | "failed";
}


function eventsOf(e: AlertEpisode): Array<{ event: EpisodeEvent; at: number; facts: string }> {
  const events: Array<{ event: EpisodeEvent; at: number; facts: string }> = [{ event: "fired", at: e.openedAt, facts: e.facts }];
  if (e.resolvedAt !== null) events.push({ event: "resolved", at: e.resolvedAt, facts: e.lastFacts });
  return events;
}

export interface DeliveryOptions {
  signal?: AbortSignal;
  /** SALESDASH_WEBHOOK_PRIVATE=allow: a webhook may be on a private network (lib/webhooks/webhook-target.ts). */
  allowPrivate?: boolean;
}

async function deliver(sender: DigestSender, s: DigestSubscription, episode: AlertEpisode, event: { event: EpisodeEvent; facts: string }, at: number, options: DeliveryOptions): Promise<"sent" | "failed" | null> {
  const key = alertSendKey(episode.id, event.event);
  if (!(await sender.store.claimSend(s, key, at, at - STALE_CLAIM_MS))) return null;
  if (s.cadence === "webhook") return deliverWebhook(sender, s, episode, event.event, key, at, options);
  let step: "address" | "mail" = "address";
  try {
    const to = openAddress(sender.keys, s.id, s.sealedAddress);
    const mail = await renderAlertEmail({ kind: episode.kind, subject: episode.subject, event: event.event, facts: JSON.parse(event.facts) as unknown }, { locale: localeOf(s), timeZone: s.timeZone, baseUrl: sender.baseUrl, unsubscribeUrl: unsubscribePageUrl(sender, s.id) });
    step = "mail";
    await mailToSubscriber(sender, s.id, to, mail, `<alert.${s.id}.${episode.id}.${event.event}@salesdash>`);
    await sender.store.finishSend(s.id, key, at, "sent", at, null);
    return "sent";
  } catch (error) {
    log("warn", { event: "alert_send_failed", kind: step, errorName: (error as Error)?.name ?? "unknown" });
    const detail = error instanceof MailError ? error.failure : sendFailure(step === "address" ? "address_unreadable" : "alert_failed");
    await sender.store.finishSend(s.id, key, at, "failed", at, detail);
    return "failed";
  }
}

async function deliverWebhook(sender: DigestSender, s: DigestSubscription, episode: AlertEpisode, event: EpisodeEvent, key: string, at: number, options: DeliveryOptions): Promise<"sent" | "failed"> {
  try {
    const body = alertWebhookBody(episode, event, { locale: localeOf(s), timeZone: s.timeZone, baseUrl: sender.baseUrl });
    await postWebhook(openWebhook(sender.keys, s), { id: body.id, event: body.type, body }, options.allowPrivate ?? false);
    await sender.store.finishSend(s.id, key, at, "sent", at, null);
    return "sent";
  } catch (error) {
    log("warn", { event: "alert_webhook_failed", errorName: (error as Error)?.name ?? "unknown" });
    const detail = error instanceof WebhookDeliveryError ? error.failure : sendFailure("webhook_unreadable");
    await sender.store.finishSend(s.id, key, at, "failed", at, detail);
    return "failed";
  }
}

/** Sends what is due of the account's episodes of the last day; answers what it sent or failed to. */
export async function deliverAlerts(sender: DigestSender, alerts: AlertStore, account: string, at: number, options: DeliveryOptions = {}): Promise<AlertDelivery[]> {
  const signal = options.signal;
  const subscriptions = (await sender.store.list(account)).filter((s) => (s.cadence === "alerts" || s.cadence === "webhook") && s.confirmedAt !== null);
  if (subscriptions.length === 0) return [];
  const episodes = await alerts.episodes(account, { since: at - DELIVERY_WINDOW_MS, limit: 200 });
  const done: AlertDelivery[] = [];
  for (const episode of episodes) {
    for (const event of eventsOf(episode)) {
      if (event.at < at - DELIVERY_WINDOW_MS) continue;
      for (const s of subscriptions) {
        if (signal?.aborted) return done;
        // An address confirmed after the event was not there to be told.
        if (s.confirmedAt! > event.at) continue;
        const result = await deliver(sender, s, episode, event, at, options);
        if (result) done.push({ subscriptionId: s.id, episodeId: episode.id, event: event.event, result });
      }
    }
  }
  return done;
}
