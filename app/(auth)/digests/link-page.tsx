import { getTranslations } from "next-intl/server";

// The page a digest's link opens: what the link will do and a button that does it (a POST: a
// mail scanner opening the link changes nothing), or, after it, the outcome.
export async function DigestLinkPage({ kind, token, outcome }: { kind: "confirm" | "unsubscribe"; token: string; outcome: string | null }) {
  const t = await getTranslations("digests.pages");
  const done = kind === "confirm" ? t("confirmed") : t("unsubscribed");
  const said = outcome === "done" ? done : outcome === "invalid" ? t("invalid") : outcome === "unavailable" ? t("unavailable") : null;
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col justify-center px-5">
      <h1 className="text-2xl font-semibold">{kind === "confirm" ? t("confirmTitle") : t("unsubscribeTitle")}</h1>
      {said ? (
        <p role="status" data-testid="digest-link-outcome" data-outcome={outcome} className="mt-3 text-sm">{said}</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{kind === "confirm" ? t("confirmBody") : t("unsubscribeBody")}</p>
          <form method="post" action={`/api/digests/${kind}?${new URLSearchParams({ token })}`} className="mt-6">
            <input type="hidden" name="from" value="page" />
            <button type="submit" data-testid="digest-link-button" className="rounded-md bg-zinc-900 px-4 py-2 text-sm font-medium text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900">
              {kind === "confirm" ? t("confirmButton") : t("unsubscribeButton")}
            </button>
          </form>
        </>
      )}
    </main>
  );
}

export const linkParam = (value: string | string[] | undefined): string => (typeof value === "string" && value.length <= 200 ? value : "");
