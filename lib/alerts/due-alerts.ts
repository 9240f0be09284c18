import "server-only";

// The account's alerts after a pass of its background sync (under the account's lock: one
// instance at a time per account): judged on the mirror, then their messages sent to the
// addresses confirmed for alerts and to the account's webhook (the webhook without a mail server
// too; the episodes are listed in the app either way). After a pass that ended on the upstream refusing the key, only that alert is judged.
import { getDeliverySender } from "@/lib/digests/due-digests";
import { getServerEnv } from "@/lib/env";
import { resourcesFor } from "@/lib/mirror/account-sync";
import { getMirrorStore } from "@/lib/mirror/mirror-access";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import type { KeyType } from "@/lib/sales-api";
import { alertStore } from "@/lib/store/app-stores";
import { processShared } from "@/lib/store/process-state";
import { deliverAlerts } from "./deliver-alerts";
import { evaluateAlerts, type AlertJudge } from "./evaluate-alerts";

export function processAlertJudge(keyType: KeyType): AlertJudge {
  return { alerts: alertStore(), mirror: getMirrorStore(), syncDays: getServerEnv().SALESDASH_SYNC_DAYS, resources: resourcesFor(keyType), judgedAt: processShared("alerts-judged-at", () => new Map<string, number>()) };
}

export async function runDueAlerts(client: MirroredClient, keyType: KeyType, at: number, options: LoadOptions & { refused?: boolean } = {}): Promise<void> {
  const judge = processAlertJudge(keyType);
  const { refused, ...load } = options;
  await evaluateAlerts(judge, client, { keyType, at, refused }, load);
  const sender = getDeliverySender();
  if (sender) await deliverAlerts(sender, judge.alerts, client.identity, at, { signal: load.signal, allowPrivate: sender.allowPrivateWebhooks === true });
}
