import { useTranslations } from "next-intl";
import { useInstant } from "@/components/i18n/use-instant";
import type { SharedPageAnswer } from "@/lib/sharing/shared-page";

type Refusal = Exclude<SharedPageAnswer, { kind: "ok" } | { kind: "password_required" } | { kind: "wrong_password" } | { kind: "locked" }>;

// A link that shows nothing says why, in a sentence, and what the visitor can do: ask the
// person who shared it for a new one. Never an error page, never a hint of the account.
export function SharedLinkNotice({ answer }: { answer: Refusal }) {
  const t = useTranslations("sharing.notice");
  const when = useInstant();
  const text =
    answer.kind === "expired" ? t("expired", { when: when(answer.at) })
    : answer.kind === "revoked" ? t("revoked", { when: when(answer.at) })
    : answer.kind === "rate_limited" ? t("rateLimited", { seconds: answer.retryAfterSeconds })
    : answer.kind === "unreadable" ? t("unreadable")
    : answer.kind === "storage_unavailable" ? t("storageUnavailable")
    : t("notFound");
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col justify-center px-5" data-testid="shared-link-notice" data-kind={answer.kind}>
      <p className="text-sm font-semibold text-zinc-600 dark:text-zinc-400">Salesdash</p>
      <h1 className="mt-1 text-2xl font-semibold">{t(`title.${answer.kind}`)}</h1>
      <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">{text}</p>
      {answer.kind === "storage_unavailable" && (
        <p className="mt-2 text-sm">
          {t("reference")} <code data-testid="shared-link-reference">{answer.reference}</code>
        </p>
      )}
      {answer.kind !== "rate_limited" && answer.kind !== "storage_unavailable" && <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">{t("askAgain")}</p>}
    </main>
  );
}
