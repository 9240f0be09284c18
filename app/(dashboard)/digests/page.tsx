import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AlertSettings } from "@/components/alerts/alert-settings";
import { DigestSettings } from "@/components/digests/digest-settings";
import { loadAlertSettings } from "@/lib/alerts/alert-settings";
import { getSessionClient, requireSessionAccount } from "@/lib/auth/session";
import { endedSessionPath } from "@/lib/auth/session-decision";
import { getDigestKeys } from "@/lib/digests/digest-keys";
import { listDigestSubscriptions } from "@/lib/digests/digest-subscriptions";
import { getDigestSender } from "@/lib/digests/due-digests";
import { alertStore, digestStore } from "@/lib/store/app-stores";
import { getWebhook } from "@/lib/webhooks/account-webhook";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("digests.settings");
  return { title: t("title") };
}

// The account's digests and alerts by e-mail: subscribe an address (a confirmation goes to it),
// the subscriptions with their state, what was sent, and which alerts are on.
export default async function DigestsPage() {
  const account = await requireSessionAccount("/digests");
  const client = await getSessionClient(account);
  if (!client) redirect(endedSessionPath("credential-gone", "/digests"));
  const [{ subscriptions, sends }, alerts, webhook] = await Promise.all([
    listDigestSubscriptions({ store: digestStore(), keys: getDigestKeys() }, client.identity),
    loadAlertSettings(alertStore(), digestStore(), client.identity, account.keyType),
    getWebhook({ store: digestStore(), keys: getDigestKeys() }, client.identity),
  ]);
  return (
    <div className="min-w-0 max-w-2xl space-y-8">
      <DigestSettings subscriptions={subscriptions} sends={sends} mailOn={getDigestSender() !== null} episodes={alerts.episodes} />
      <AlertSettings view={alerts} webhook={webhook} />
    </div>
  );
}
