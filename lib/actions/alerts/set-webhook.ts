"use server";

// Sets (or replaces) the signed-in account's webhook: its address, the secret its deliveries
// are signed with, which the user chose and which never comes back to the browser, and the
// digest it is sent besides the alerts, if any.
import { getLocale } from "next-intl/server";
import { z } from "zod";
import { actionFailure, sessionAction, type ActionResult } from "@/lib/actions/session-action";
import { getDigestKeys } from "@/lib/digests/digest-keys";
import { getServerEnv } from "@/lib/env";
import { isAppLocale } from "@/lib/i18n/locales";
import { isTimeZone } from "@/lib/report-params/time-zone";
import { digestStore } from "@/lib/store/app-stores";
import { MAX_SECRET, setWebhook } from "@/lib/webhooks/account-webhook";
import { MAX_DIGEST_SUBSCRIPTIONS } from "@/lib/store/digest-store";
import { CADENCES, type Cadence } from "@/lib/digests/digest-period";

const inputSchema = z.object({
  url: z.string().max(2000, { error: "That address is too long." }),
  // Its length is setWebhook's to judge (a failure in the reader's language).
  secret: z.string().max(MAX_SECRET * 4),
  timeZone: z.string().max(64).refine(isTimeZone, { error: "That time zone is not known." }),
  /** The digest it is sent besides the alerts; none: alerts only. */
  digest: z.enum(CADENCES).nullable(),
});

const set = sessionAction(inputSchema, async ({ url, secret, timeZone, digest }, { account, client }): Promise<ActionResult<{ host: string }>> => {
  const locale = await getLocale();
  const outcome = await setWebhook({ store: digestStore(), keys: getDigestKeys() }, { account: client.identity, keyType: account.keyType, url, secret, locale: isAppLocale(locale) ? locale : "en", timeZone, digest }, getServerEnv().SALESDASH_WEBHOOK_PRIVATE === "allow");
  if (!outcome.ok) return actionFailure(outcome.reason === "full" ? "digest_limit" : `webhook_${outcome.reason}`, outcome.detail, undefined, outcome.reason === "full" ? { limit: MAX_DIGEST_SUBSCRIPTIONS } : undefined);
  return { ok: true, data: { host: outcome.host } };
});

export async function setWebhookAction(input: { url: string; secret: string; timeZone: string; digest: Cadence | null }): Promise<ActionResult<{ host: string }>> {
  return set(input);
}
