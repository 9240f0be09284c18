import "server-only";

// Sending a subscription's digest of a period: claimed once in the store (across instances),
// made from the query layer, written in the subscriber's language, sent with a signed one-click
// unsubscribe (RFC 8058), and its outcome kept for the in-app list. A claim whose instance stopped
// mid-send is taken over after STALE_CLAIM_MS; a failed send is tried again by the next run.
import type { MirroredClient } from "@/lib/mirror/range-reader";
import { isAppLocale, type AppLocale } from "@/lib/i18n/locales";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import type { DigestStore, DigestSubscription } from "@/lib/store/digest-store";
import { log } from "@/lib/log/server-log";
import { MailError, type Mailer } from "@/lib/mail/mailer";
import { digestContent } from "./digest-content";
import { renderDigestEmail } from "./digest-email";
import { digestPeriod } from "./digest-period";
import { linkToken, openAddress, type DigestKeys } from "./digest-keys";

/** A claim older than this, still "sending", is taken to be of an instance that stopped. */
export const STALE_CLAIM_MS = 15 * 60_000;

export interface DigestSender {
  store: DigestStore;
  mailer: Mailer;
  keys: DigestKeys;
  /** The dashboard's address: the mail's links open it. */
  baseUrl: string;
}

export type DigestSendResult = "sent" | "already_sent" | "unconfirmed" | "failed";

const base = (url: string) => url.replace(/\/$/, "");

export const unsubscribeUrl = (sender: Pick<DigestSender, "keys" | "baseUrl">, subscriptionId: string): string =>
  `${base(sender.baseUrl)}/api/digests/unsubscribe?token=${linkToken(sender.keys, "unsubscribe", subscriptionId)}`;

/** The page a digest's own unsubscribe link opens: it asks first, then POSTs to the one-click address. */
export const unsubscribePageUrl = (sender: Pick<DigestSender, "keys" | "baseUrl">, subscriptionId: string): string =>
  `${base(sender.baseUrl)}/digests/unsubscribe?token=${linkToken(sender.keys, "unsubscribe", subscriptionId)}`;

export const confirmUrl = (sender: Pick<DigestSender, "keys" | "baseUrl">, subscriptionId: string): string =>
  `${base(sender.baseUrl)}/digests/confirm?token=${linkToken(sender.keys, "confirm", subscriptionId)}`;

export const localeOf = (subscription: DigestSubscription): AppLocale => (isAppLocale(subscription.locale) ? subscription.locale : "en");

/** The period key of a subscription's digest made at `at`: its cadence and first day. */
export const periodKeyAt = (subscription: DigestSubscription, at: number): string => `${subscription.cadence}:${digestPeriod(subscription.cadence, at, subscription.timeZone).period.from}`;

/**
 * Sends the digest of the last whole period before `at`, unless it was sent (or is being sent)
 * already. `client` reads the subscription's account, as a report does.
 */
export async function sendDigest(sender: DigestSender, subscription: DigestSubscription, client: MirroredClient, at: number, options: LoadOptions = {}): Promise<DigestSendResult> {
  if (subscription.confirmedAt === null) return "unconfirmed";
  const period = digestPeriod(subscription.cadence, at, subscription.timeZone);
  const key = `${subscription.cadence}:${period.period.from}`;
  if (!(await sender.store.claimSend(subscription, key, at, at - STALE_CLAIM_MS))) return "already_sent";
  try {
    const content = await digestContent(client, { keyType: subscription.keyType, timeZone: subscription.timeZone, period, at }, options);
    const unsubscribe = unsubscribeUrl(sender, subscription.id);
    const mail = await renderDigestEmail(content, { locale: localeOf(subscription), baseUrl: sender.baseUrl, unsubscribeUrl: unsubscribePageUrl(sender, subscription.id) });
    await sender.mailer.send({
      to: openAddress(sender.keys, subscription.id, subscription.sealedAddress),
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      messageId: `<digest.${subscription.id}.${key.replace(":", ".")}@salesdash>`,
    });
    await sender.store.finishSend(subscription.id, key, "sent", at, null);
    return "sent";
  } catch (error) {
    const detail = error instanceof MailError ? error.detail : "The digest could not be made: its figures could not be read.";
    // The reason's class only: an error's text may hold an address.
    log("warn", { event: "digest_failed", kind: error instanceof MailError ? "mail" : "figures", errorName: (error as Error)?.name ?? "unknown" });
    await sender.store.finishSend(subscription.id, key, "failed", at, detail);
    return "failed";
  }
}
