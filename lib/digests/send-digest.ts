import "server-only";

// Sending a subscription's digest of a period: claimed once in the store (across instances),
// made from the query layer, written in the subscriber's language, sent with a signed one-click
// unsubscribe (RFC 8058), or POSTed to the account's webhook when it asked for a digest
// (digest-webhook.ts), and its outcome kept for the in-app list. A claim whose instance stopped
// mid-send is taken over after STALE_CLAIM_MS; a failed send is tried again by the next run.
import type { MirroredClient } from "@/lib/mirror/range-reader";
import { isAppLocale, type AppLocale } from "@/lib/i18n/locales";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import type { DigestStore, DigestSubscription } from "@/lib/store/digest-store";
import { log } from "@/lib/log/server-log";
import { MailError, type Mailer } from "@/lib/mail/mailer";
import { digestContent } from "./digest-content";
import { renderDigestEmail, type RenderedEmail } from "./digest-email";
import { digestPeriod, isCadence, type DigestPeriod } from "./digest-period";
import { localDayStartMs, zoneForDays } from "@/lib/analytics/local-days";
import { parseDay } from "@/lib/calendar";
import { linkToken, openAddress, type DigestKeys } from "./digest-keys";
import { sendFailure } from "./send-failure";
import { isWebhook, openWebhook, webhookDigestCadence } from "@/lib/webhooks/account-webhook";
import { postWebhook, WebhookDeliveryError } from "@/lib/webhooks/post-webhook";
import { digestWebhookDelivery } from "./digest-webhook";

/**
 * A claim older than this, still "sending", is taken to be of an instance that stopped: longer
 * than a digest's work can last (its reads share a 10-minute deadline, the mail server's
 * timeouts are a minute or two). An instance that stopped after the mail server took the mail
 * and before it was marked sent has it sent again then: the same Message-ID tells the reader's
 * mail client it is one mail.
 */
export const STALE_CLAIM_MS = 30 * 60_000;

export interface DigestSender {
  store: DigestStore;
  mailer: Mailer;
  keys: DigestKeys;
  /** The dashboard's address: the mail's links open it. */
  baseUrl: string;
  /** SALESDASH_WEBHOOK_PRIVATE=allow: a webhook may be on a private network (lib/webhooks/webhook-target.ts). */
  allowPrivateWebhooks?: boolean;
  /** False when the server sends no mail: only the webhook's digest is due then. True unless given. */
  mailOn?: boolean;
}

/** not_due: the period ended before the address was confirmed (its first digest is of the period after). */
export type DigestSendResult = "sent" | "already_sent" | "unconfirmed" | "not_due" | "failed";

const base = (url: string) => url.replace(/\/$/, "");

export const unsubscribeUrl = (sender: Pick<DigestSender, "keys" | "baseUrl">, subscriptionId: string): string =>
  `${base(sender.baseUrl)}/api/digests/unsubscribe?token=${linkToken(sender.keys, "unsubscribe", subscriptionId)}`;

/** The page a digest's own unsubscribe link opens: it asks first, then POSTs to the one-click address. */
export const unsubscribePageUrl = (sender: Pick<DigestSender, "keys" | "baseUrl">, subscriptionId: string): string =>
  `${base(sender.baseUrl)}/digests/unsubscribe?token=${linkToken(sender.keys, "unsubscribe", subscriptionId)}`;

export const confirmUrl = (sender: Pick<DigestSender, "keys" | "baseUrl">, subscriptionId: string): string =>
  `${base(sender.baseUrl)}/digests/confirm?token=${linkToken(sender.keys, "confirm", subscriptionId)}`;

export const localeOf = (subscription: DigestSubscription): AppLocale => (isAppLocale(subscription.locale) ? subscription.locale : "en");

/**
 * A subscriber's mail (a digest, an alert): with the signed one-click unsubscribe of its
 * subscription (RFC 8058) and a Message-ID stable for what it tells, so that a mail sent again
 * reads as the same one.
 */
export function mailToSubscriber(sender: DigestSender, subscriptionId: string, to: string, mail: RenderedEmail, messageId: string): Promise<void> {
  return sender.mailer.send({
    to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl(sender, subscriptionId)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    messageId,
  });
}

/** The first instant after a period, in its zone. */
function periodEndMs(to: string, timeZone: string): number {
  const next = parseDay(to) + 1;
  return localDayStartMs(next, zoneForDays(next - 1, next + 1, timeZone));
}

/** What a failed send says in the list (send-failure.ts): the mail server's answer, or which part failed. */
function failureDetail(error: unknown, step: "address" | "figures" | "mail", toWebhook: boolean): string {
  if (error instanceof MailError || error instanceof WebhookDeliveryError) return error.failure;
  return sendFailure(step === "address" ? (toWebhook ? "webhook_unreadable" : "address_unreadable") : "figures_unreadable");
}

/**
 * The digest a confirmed subscription is due at `at`: the last whole period before it, named
 * "weekly:2026-06-08" (its cadence and first day) in the store's sends. None for an address
 * confirmed for alerts (they go as they happen, lib/alerts), or when the period ended before
 * the address was confirmed (its first digest is of the period after).
 */
export function dueDigestOf(subscription: DigestSubscription, at: number, cadence: string | null = subscription.cadence): { key: string; period: DigestPeriod } | null {
  if (subscription.confirmedAt === null || cadence === null || !isCadence(cadence)) return null;
  const period = digestPeriod(cadence, at, subscription.timeZone);
  if (periodEndMs(period.period.to, subscription.timeZone) <= subscription.confirmedAt) return null;
  return { key: `${cadence}:${period.period.from}`, period };
}

/**
 * The cadence of the digest a subscription is sent: its own, or the one its account's webhook
 * asked for (none: alerts only). An address's digest is not due on a server that sends no mail
 * (it was confirmed while one was configured): it would only fail, every period.
 */
export function digestCadenceOf(sender: Pick<DigestSender, "keys" | "mailOn">, subscription: DigestSubscription): string | null {
  if (isWebhook(subscription)) return webhookDigestCadence(sender.keys, subscription);
  return sender.mailOn === false ? null : subscription.cadence;
}

/**
 * Sends the digest of the last whole period before `at` (and its figures as of `at`), unless it
 * was sent (or is being sent) already. `client` reads the subscription's account, as a report
 * does. `now`: when the send is claimed and finished, `at` unless a job runs after its tick (a
 * claim dated at the tick would be stale at birth, and taken over while it still sends).
 * upstream_away: days of its periods could not be read (the upstream away or slow); nothing is
 * claimed, so that however long the outage lasts, the digest goes once they can be read.
 */
export async function sendDigest(sender: DigestSender, subscription: DigestSubscription, client: MirroredClient, at: number, options: LoadOptions = {}, now: number = at): Promise<DigestSendResult | "upstream_away"> {
  if (subscription.confirmedAt === null) return "unconfirmed";
  const due = dueDigestOf(subscription, at, digestCadenceOf(sender, subscription));
  if (!due) return "not_due";
  const { key, period } = due;
  // Read before the claim: a period whose days cannot be read yet is not an attempt. A read that
  // fails otherwise is one (below), so that it is said in the list and not tried for ever.
  const read = await digestContent(client, { keyType: subscription.keyType, timeZone: subscription.timeZone, period, at }, options).catch((error: unknown) => ({ error }));
  if (!("error" in read) && read.quality.period.unfetchedDays.length + read.quality.baseline.unfetchedDays.length > 0) return "upstream_away";
  if (!(await sender.store.claimSend(subscription, key, now, now - STALE_CLAIM_MS))) return "already_sent";
  let step: "address" | "figures" | "mail" = "address";
  try {
    const webhook = isWebhook(subscription) ? openWebhook(sender.keys, subscription) : null;
    const to = webhook ? null : openAddress(sender.keys, subscription.id, subscription.sealedAddress);
    step = "figures";
    if ("error" in read) throw read.error;
    const content = read;
    // A webhook's digest has no unsubscribe link: the account's settings stop it.
    const mail = await renderDigestEmail(content, { locale: localeOf(subscription), baseUrl: sender.baseUrl, unsubscribeUrl: webhook ? null : unsubscribePageUrl(sender, subscription.id), toWebhook: webhook !== null });
    step = "mail";
    // One id per subscription and period, the same on every try: a receiver drops a repeat by it.
    const id = `digest.${subscription.id}.${key.replace(":", ".")}`;
    if (webhook) await postWebhook(webhook, digestWebhookDelivery(id, content, mail), sender.allowPrivateWebhooks === true);
    else await mailToSubscriber(sender, subscription.id, to!, mail, `<${id}@salesdash>`);
    await sender.store.finishSend(subscription.id, key, now, "sent", now, null);
    return "sent";
  } catch (error) {
    // The step and the error's class only: an error's text may hold an address.
    log("warn", { event: "digest_failed", kind: step, errorName: (error as Error)?.name ?? "unknown" });
    await sender.store.finishSend(subscription.id, key, now, "failed", now, failureDetail(error, step, isWebhook(subscription)));
    return "failed";
  }
}
