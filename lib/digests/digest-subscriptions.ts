import "server-only";

// An account's digest subscriptions, as the settings page and its actions use them: subscribe
// an address (a confirmation goes to it; nothing else does until it is confirmed), list them with
// their sends, stop one. The address is sealed at rest and shown masked; the account is always
// the session's.
import { randomBytes } from "node:crypto";
import { maskEmail } from "@/lib/privacy/mask";
import type { AppLocale } from "@/lib/i18n/locales";
import type { DigestSend, DigestSubscription, DigestSubscriptionCreation } from "@/lib/store/digest-store";
import { MailError } from "@/lib/mail/mailer";
import { renderConfirmationEmail } from "./confirmation-email";
import type { ConfirmationLimiter } from "./confirmation-limit";
import { addressKeyOf, openAddress, sealAddress } from "./digest-keys";
import type { SubscriptionKind } from "./digest-period";
import { confirmUrl, type DigestSender } from "./send-digest";

export interface DigestSubscriptionItem {
  id: string;
  /** Masked: the page shows which address, not the whole of it; null when it cannot be opened here (AUTH_SECRET changed). */
  address: string | null;
  cadence: SubscriptionKind;
  timeZone: string;
  locale: string;
  confirmed: boolean;
}

export interface DigestSendItem {
  subscriptionId: string;
  period: string;
  status: DigestSend["status"];
  at: number;
  detail: string | null;
  /** Sent to the account's webhook, not to an address. */
  toWebhook: boolean;
}

export type SubscribeOutcome = { ok: true; address: string } | { ok: false; reason: Exclude<DigestSubscriptionCreation, "created"> | "mail_failed" | "too_many"; detail?: string };

export interface SubscribeInput {
  account: string;
  keyType: "creator" | "affiliate";
  address: string;
  cadence: SubscriptionKind;
  locale: AppLocale;
  timeZone: string;
}

export async function subscribeDigest(sender: DigestSender, input: SubscribeInput, limiter: ConfirmationLimiter, now = Date.now()): Promise<SubscribeOutcome> {
  const id = randomBytes(16).toString("base64url");
  const address = input.address.trim();
  const addressKey = addressKeyOf(sender.keys, address);
  // Made before the subscription is: a mail that cannot be made leaves nothing behind.
  const mail = await renderConfirmationEmail({ locale: input.locale, cadence: input.cadence, timeZone: input.timeZone, confirmUrl: confirmUrl(sender, id) });
  const created = await sender.store.create({
    id, account: input.account, sealedAddress: sealAddress(sender.keys, id, address), addressKey,
    cadence: input.cadence, locale: input.locale, timeZone: input.timeZone, keyType: input.keyType, createdAt: now, confirmedAt: null,
  });
  if (created !== "created") return { ok: false, reason: created };
  if (!(await limiter.consume(input.account, addressKey))) {
    await sender.store.delete(id);
    return { ok: false, reason: "too_many" };
  }
  try {
    await sender.mailer.send({ to: address, ...mail });
  } catch (error) {
    // A subscription whose confirmation never left would wait for nothing: it goes.
    await sender.store.delete(id);
    return { ok: false, reason: "mail_failed", detail: error instanceof MailError ? error.detail : undefined };
  }
  return { ok: true, address: maskEmail(address) };
}

export async function listDigestSubscriptions(sender: Pick<DigestSender, "store" | "keys">, account: string): Promise<{ subscriptions: DigestSubscriptionItem[]; sends: DigestSendItem[] }> {
  const [subscriptions, sends] = await Promise.all([sender.store.list(account), sender.store.sends(account, 20)]);
  const webhooks = new Set(subscriptions.filter((s) => s.cadence === "webhook").map((s) => s.id));
  return {
    subscriptions: subscriptions.flatMap((s) => (s.cadence === "webhook" ? [] : [{ ...s, cadence: s.cadence }])).map((s) => ({ id: s.id, address: maskedAddress(sender, s), cadence: s.cadence, timeZone: s.timeZone, locale: s.locale, confirmed: s.confirmedAt !== null })),
    sends: sends.map((s) => ({ subscriptionId: s.subscriptionId, period: s.period, status: s.status, at: s.updatedAt, detail: s.detail, toWebhook: webhooks.has(s.subscriptionId) })),
  };
}

function maskedAddress(sender: Pick<DigestSender, "keys">, s: DigestSubscription): string | null {
  try {
    return maskEmail(openAddress(sender.keys, s.id, s.sealedAddress));
  } catch {
    return null;
  }
}

/** Stops one of the account's subscriptions: its masked address ("" when unreadable), or null when the account has none of that id. */
export async function stopDigest(sender: Pick<DigestSender, "store" | "keys">, account: string, id: string): Promise<string | null> {
  const subscription = await sender.store.get(id);
  // The account's webhook is not a digest: its sealed "address" is its URL and secret.
  if (!subscription || subscription.account !== account || subscription.cadence === "webhook") return null;
  await sender.store.delete(id);
  return maskedAddress(sender, subscription) ?? "";
}
