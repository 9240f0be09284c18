import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SharedLinksList } from "@/components/sharing/shared-links-list";
import { getSessionClient, requireSessionAccount } from "@/lib/auth/session";
import { endedSessionPath } from "@/lib/auth/session-decision";
import { listShareLinks, shareLinkLimit } from "@/lib/sharing/share-links";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("sharing.list");
  return { title: t("title") };
}

// The account's share links: what each shows, until when, how often it was opened, and buttons
// that turn it off or give it a new address at once; how many of the cap are active.
export default async function SharedLinksPage() {
  const account = await requireSessionAccount("/shared-links");
  const client = await getSessionClient(account);
  if (!client) redirect(endedSessionPath("credential-gone", "/shared-links"));
  const links = await listShareLinks(client.identity, new Date());
  return <SharedLinksList links={links} limit={shareLinkLimit()} />;
}
