import { useTranslations } from "next-intl";
import { useInstant } from "@/components/i18n/use-instant";
import { KeptKeyButton } from "./kept-key-button";

// "Keep my key on this server for digests and alerts" (issue #27, point 5): off until chosen,
// and when on, listed here (since when) with "Stop and forget". Written on the server; only the
// button runs in the browser.
export function KeptKeyForm({ keptAt }: { keptAt: number | null }) {
  const t = useTranslations("shell.keptKey");
  const instant = useInstant();
  const kept = keptAt !== null;
  return (
    <div className="space-y-2 border-t border-zinc-200 pt-3 dark:border-zinc-800" data-testid="kept-key" data-kept={kept ? "true" : "false"}>
      {kept ? <p className="text-sm" data-testid="kept-key-since">{t("kept", { since: instant(keptAt) })}</p> : null}
      <KeptKeyButton keep={!kept} label={t(kept ? "forget" : "keep")} done={t(kept ? "forgottenNotice" : "keptNotice")} noAnswer={t("noAnswer")} />
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t(kept ? "keptHint" : "hint")}</p>
    </div>
  );
}
