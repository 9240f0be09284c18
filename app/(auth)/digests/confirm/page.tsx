import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DigestLinkPage, linkParam } from "../link-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("digests.pages");
  return { title: t("confirmTitle"), robots: { index: false } };
}

export default async function DigestConfirmPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  return <DigestLinkPage kind="confirm" token={linkParam(params.token)} outcome={linkParam(params.outcome) || null} />;
}
