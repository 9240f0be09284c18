import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { safeCallbackPath } from "@/lib/auth/safe-callback";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.unavailable");
  return { title: t("title") };
}

// Where pages send a request while PostgreSQL or Redis cannot be reached. It reads no session
// (that is what failed), says what happened and how to go on, and quotes the logged reference.
export default async function StorageUnavailablePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const t = await getTranslations("auth.unavailable");
  const reference = typeof params.ref === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(params.ref) ? params.ref : null;
  const retry = safeCallbackPath(params.callbackUrl);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col justify-center px-5">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t("body")}</p>
      {reference && (
        <p className="mt-3 text-sm">
          {t("reference")} <code data-testid="unavailable-reference">{reference}</code>
        </p>
      )}
      <Link href={retry} className="mt-6 font-medium underline">{t("retry")}</Link>
    </main>
  );
}
