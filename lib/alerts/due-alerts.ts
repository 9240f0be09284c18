import "server-only";

// The account's alerts after a pass of its background sync (under the account's lock: one
// instance at a time per account): judged on the mirror, then their messages sent to the
// addresses confirmed for alerts and to the account's webhook (the webhook without a mail server
// too; the episodes are listed in the app either way). After a pass that ended on the upstream refusing the key, only that alert is judged.
import { getDigestSender } from "@/lib/digests/due-digests";
import { getServerEnv } from "@/lib/env";
import { resourcesFor } from "@/lib/mirror/account-sync";
import { getMirrorStore } from "@/lib/mirror/mirror-access";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import type { KeyType } from "@/lib/sales-api";
import { alertStore, digestStore } from "@/lib/store/app-stores";
import { processShared } from "@/lib/store/process-state";
import { getDigestKeys } from "@/lib/digests/digest-keys";
import type { DigestSender } from "@/lib/digests/send-digest";
import { MailError } from "@/lib/mail/mailer";
import { sendFailure } from "@/lib/digests/send-failure";
import { deliverAlerts } from "./deliver-alerts";
import { evaluateAlerts, type AlertJudge } from "./evaluate-alerts";

/** Without a mail server, alerts still go to the account's webhook; a mail would fail in words. */
function webhookOnlySender(): DigestSender | null {
  const secret = getServerEnv().AUTH_SECRET;
  if (!secret) return null;
  const mailer = { send: async () => Promise.reject(new MailError("This server has no mail server configured (SALESDASH_SMTP_URL).", sendFailure("mail_off"))), close: () => undefined };
  return { store: digestStore(), mailer, keys: getDigestKeys(), baseUrl: getServerEnv().NEXTAUTH_URL ?? "" };
}

export function processAlertJudge(keyType: KeyType): AlertJudge {
  return { alerts: alertStore(), mirror: getMirrorStore(), syncDays: getServerEnv().SALESDASH_SYNC_DAYS, resources: resourcesFor(keyType), judgedAt: processShared("alerts-judged-at", () => new Map<string, number>()) };
}

export async function runDueAlerts(client: MirroredClient, keyType: KeyType, at: number, options: LoadOptions & { refused?: boolean } = {}): Promise<void> {
  const judge = processAlertJudge(keyType);
  const { refused, ...load } = options;
  await evaluateAlerts(judge, client, { keyType, at, refused }, load);
  const sender = getDigestSender() ?? webhookOnlySender();
  if (sender) await deliverAlerts(sender, judge.alerts, client.identity, at, { signal: load.signal, allowPrivate: getServerEnv().SALESDASH_WEBHOOK_PRIVATE === "allow" });
}
