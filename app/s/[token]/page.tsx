import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { SharedLinkNotice } from "@/components/sharing/shared-link-notice";
import { SharePasswordForm } from "@/components/sharing/share-password-form";
import { SharedReport } from "@/components/sharing/shared-report";
import { openSharedPage } from "@/lib/sharing/shared-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("sharing.page");
  return { title: t("title"), robots: { index: false, follow: false, nocache: true }, referrer: "no-referrer" };
}

// A shared report, for anyone holding the link, signed in or not: the link's snapshot, or a
// page that says plainly why there is none (unknown, expired, turned off, locked, or a
// password to type). No session is read, and nothing here can reach the account's data
// beyond the snapshot the owner made.
export default async function SharedLinkPage({ params }: { params: Promise<{ token: string }> }) {
  await connection();
  const { token } = await params;
  const opened = await openSharedPage(token, { headers: await headers(), cookies: await cookies(), countView: true });
  if (opened.kind === "ok") return <SharedReport snapshot={opened.snapshot} token={token} link={opened.link} />;
  if (opened.kind === "password_required" || opened.kind === "wrong_password" || opened.kind === "locked") return <SharePasswordForm token={token} locked={opened.kind === "locked" ? opened.until : null} />;
  return <SharedLinkNotice answer={opened} />;
}
