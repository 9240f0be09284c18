import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { linkDoneHolds } from "@/lib/digests/digest-links";
import { DigestLinkPage, linkParam } from "../link-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("digests.pages");
  // The token is in this page's address: no other site is told it.
  return { title: t("confirmTitle"), robots: { index: false }, referrer: "no-referrer" };
}

export default async function DigestConfirmPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const token = linkParam(params.token);
  const said = linkParam(params.outcome) || null;
  // "done" is shown only when it is so; else the page asks again.
  const outcome = said === "done" && !(await linkDoneHolds("confirm", token)) ? null : said;
  return <DigestLinkPage kind="confirm" token={token} outcome={outcome} />;
}
