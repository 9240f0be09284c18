import "server-only";

// An account's webhook: an address its alerts, and its digest if the user chose one, are POSTed
// to, signed with a secret the user chose (their receiver checks it; it never comes back to the
// browser). Kept as one of the account's destinations in the digests' store (cadence "webhook"):
// its address, secret and digest cadence sealed together at rest, its deliveries claimed once
// and retried as a mail's are. One per account; setting it again replaces it.
import { randomBytes } from "node:crypto";
import type { AppLocale } from "@/lib/i18n/locales";
import { isCadence, type Cadence } from "@/lib/digests/digest-period";
import { addressKeyOf, openAddress, sealAddress, type DigestKeys } from "@/lib/digests/digest-keys";
import type { DigestStore, DigestSubscription } from "@/lib/store/digest-store";
import type { WebhookTarget } from "./post-webhook";
import { checkWebhookUrl, WebhookTargetError, type WebhookTargetProblem } from "./webhook-target";

export const MIN_SECRET = 16;
export const MAX_SECRET = 200;

export interface WebhookItem {
  /** The address's host: enough to tell which receiver, not its path (which may hold a token). */
  host: string | null;
  /** The digest it is sent besides the alerts, if any. */
  digest: Cadence | null;
  createdAt: number;
}

/** What is sealed: where to POST, the secret to sign with, and the digest's cadence (none: alerts only). */
export interface SealedWebhook extends WebhookTarget {
  digest?: Cadence;
}

export type SetWebhookOutcome = { ok: true; host: string } | { ok: false; reason: WebhookTargetProblem | "secret" | "full"; detail: string };

export const isWebhook = (s: Pick<DigestSubscription, "cadence">): boolean => s.cadence === "webhook";

export function openWebhook(keys: DigestKeys, s: DigestSubscription): SealedWebhook {
  return JSON.parse(openAddress(keys, s.id, s.sealedAddress)) as SealedWebhook;
}

/** The cadence of the digest the webhook is sent; null for alerts only, or a seal that cannot be opened. */
export function webhookDigestCadence(keys: DigestKeys, s: DigestSubscription): Cadence | null {
  try {
    const digest = openWebhook(keys, s).digest;
    return digest && isCadence(digest) ? digest : null;
  } catch {
    return null;
  }
}

export async function setWebhook(
  deps: { store: DigestStore; keys: DigestKeys },
  input: { account: string; keyType: DigestSubscription["keyType"]; url: string; secret: string; locale: AppLocale; timeZone: string; digest?: Cadence | null },
  allowPrivate: boolean,
  now = Date.now(),
): Promise<SetWebhookOutcome> {
  let url: URL;
  try {
    url = checkWebhookUrl(input.url, allowPrivate);
  } catch (error) {
    return { ok: false, reason: (error as WebhookTargetError).problem, detail: (error as WebhookTargetError).detail };
  }
  if (input.secret.length < MIN_SECRET || input.secret.length > MAX_SECRET) return { ok: false, reason: "secret", detail: `A secret needs ${MIN_SECRET} to ${MAX_SECRET} characters.` };
  const id = randomBytes(16).toString("base64url");
  const target: SealedWebhook = { url: url.toString(), secret: input.secret, ...(input.digest ? { digest: input.digest } : {}) };
  // Every webhook of an account has the same key: the store's one-per-address-and-cadence rule
  // keeps one, however many saves race (the last to delete and create wins).
  const webhook = {
    id, account: input.account, sealedAddress: sealAddress(deps.keys, id, JSON.stringify(target)), addressKey: addressKeyOf(deps.keys, "webhook"),
    cadence: "webhook" as const, locale: input.locale, timeZone: input.timeZone, keyType: input.keyType, createdAt: now, confirmedAt: now,
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    for (const old of (await deps.store.list(input.account)).filter(isWebhook)) await deps.store.delete(old.id);
    const created = await deps.store.create(webhook);
    if (created === "created") return { ok: true, host: url.host };
    if (created === "full") return { ok: false, reason: "full", detail: "This account has as many digests as it keeps: stop one to add a webhook." };
  }
  return { ok: false, reason: "full", detail: "The webhook was being changed at the same time: try again." };
}

export async function getWebhook(deps: { store: DigestStore; keys: DigestKeys }, account: string): Promise<WebhookItem | null> {
  const s = (await deps.store.list(account)).find(isWebhook);
  if (!s) return null;
  let host: string | null = null;
  try {
    host = new URL(openWebhook(deps.keys, s).url).host;
  } catch {
    host = null;
  }
  return { host, digest: webhookDigestCadence(deps.keys, s), createdAt: s.createdAt };
}

/** Removes the account's webhook: whether it had one. */
export async function removeWebhook(store: DigestStore, account: string): Promise<boolean> {
  const hooks = (await store.list(account)).filter(isWebhook);
  for (const s of hooks) await store.delete(s.id);
  return hooks.length > 0;
}
