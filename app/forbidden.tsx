import { getTranslations } from "next-intl/server";

export default async function Forbidden() {
  const t = await getTranslations("auth.forbidden");
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col justify-center px-5">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t("body")}</p>
      {/* A plain link: this boundary is part of every page's tree, so next/link here put its client
          code (~3 KiB gzip) into the first load of pages that have no link of their own. */}
      <a href="/revenue" className="mt-6 font-medium underline">{t("back")}</a>
    </main>
  );
}
