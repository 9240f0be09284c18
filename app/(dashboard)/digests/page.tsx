import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { DigestSettings } from "@/components/digests/digest-settings";
import { getSessionClient, requireSessionAccount } from "@/lib/auth/session";
import { endedSessionPath } from "@/lib/auth/session-decision";
import { getDigestKeys } from "@/lib/digests/digest-keys";
import { listDigestSubscriptions } from "@/lib/digests/digest-subscriptions";
import { getDigestSender } from "@/lib/digests/due-digests";
import { digestStore } from "@/lib/store/app-stores";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("digests.settings");
  return { title: t("title") };
}

// The account's digests by e-mail: subscribe an address (a confirmation goes to it), the
// subscriptions with their state, and what was sent.
export default async function DigestsPage() {
  const account = await requireSessionAccount("/digests");
  const client = await getSessionClient(account);
  if (!client) redirect(endedSessionPath("credential-gone", "/digests"));
  const { subscriptions, sends } = await listDigestSubscriptions({ store: digestStore(), keys: getDigestKeys() }, client.identity);
  return <DigestSettings subscriptions={subscriptions} sends={sends} mailOn={getDigestSender() !== null} />;
}
