"use server";

// Subscribes an address to the signed-in account's digest: a confirmation goes to it, and the
// digest starts once it is confirmed. The language is the page's; the zone, the browser's.
import { getLocale } from "next-intl/server";
import { z } from "zod";
import { actionFailure, sessionAction, type ActionResult } from "@/lib/actions/session-action";
import { getDigestSender } from "@/lib/digests/due-digests";
import { SUBSCRIPTION_KINDS } from "@/lib/digests/digest-period";
import { subscribeDigest } from "@/lib/digests/digest-subscriptions";
import { getConfirmationLimiter } from "@/lib/digests/confirmation-limit";
import { isAppLocale } from "@/lib/i18n/locales";
import { isTimeZone } from "@/lib/report-params/time-zone";
import { MAX_DIGEST_SUBSCRIPTIONS } from "@/lib/store/digest-store";

const inputSchema = z.object({
  address: z.email({ error: "Enter an e-mail address, e.g. name@example.com." }).max(254, { error: "That address is too long." }),
  cadence: z.enum(SUBSCRIPTION_KINDS, { error: "Choose daily, weekly or monthly, or alerts." }),
  timeZone: z.string().max(64).refine(isTimeZone, { error: "That time zone is not known." }),
});

const subscribe = sessionAction(inputSchema, async ({ address, cadence, timeZone }, { account, client }): Promise<ActionResult<{ address: string }>> => {
  const sender = getDigestSender();
  if (!sender) return actionFailure("digests_off", "Digests are off on this server: it has no mail server configured.");
  const locale = await getLocale();
  const outcome = await subscribeDigest(sender, { account: client.identity, keyType: account.keyType, address, cadence, locale: isAppLocale(locale) ? locale : "en", timeZone }, getConfirmationLimiter());
  if (outcome.ok) return { ok: true, data: { address: outcome.address } };
  if (outcome.reason === "exists") return actionFailure("digest_exists", "That address already has this digest.");
  if (outcome.reason === "too_many") return actionFailure("digest_too_many", "Too many confirmations were sent today for this account or to this address. Try again tomorrow.");
  if (outcome.reason === "full") return actionFailure("digest_limit", `This account has ${MAX_DIGEST_SUBSCRIPTIONS} digests, the most it keeps. Stop one to add another.`, undefined, { limit: MAX_DIGEST_SUBSCRIPTIONS });
  return actionFailure("digest_mail_failed", `The confirmation could not be sent, so nothing was added. ${outcome.detail ?? "Try again in a moment."}`);
});

export async function subscribeDigestAction(input: { address: string; cadence: string; timeZone: string }): Promise<ActionResult<{ address: string }>> {
  return subscribe(input);
}
