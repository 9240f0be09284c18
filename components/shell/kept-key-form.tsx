"use client";

import { useTranslations } from "next-intl";
import { useInstant } from "@/components/i18n/use-instant";
import { useSettingsAction } from "@/components/i18n/use-settings-action";
import { keepKeyAction } from "@/lib/actions/account/keep-key";
import { outlineButton } from "@/components/ui/button-style";

// "Keep my key on this server for digests and alerts" (issue #27, point 5): off until chosen,
// and when on, listed here with "Stop and forget". The menu is read again after either.
export function KeptKeyForm({ keptAt }: { keptAt: number | null }) {
  const t = useTranslations("shell.keptKey");
  const instant = useInstant();
  const { act, failure, notice, pending } = useSettingsAction();
  const set = (keep: boolean) => act(() => keepKeyAction({ keep }), (data) => t(data.kept ? "keptNotice" : "forgottenNotice"));
  return (
    <div className="space-y-2 border-t border-zinc-200 pt-3 dark:border-zinc-800" data-testid="kept-key" data-kept={keptAt !== null ? "true" : "false"}>
      {keptAt === null ? (
        <>
          <button type="button" disabled={pending} onClick={() => set(true)} data-testid="kept-key-keep" className={outlineButton("sm", "w-full")}>{t("keep")}</button>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("hint")}</p>
        </>
      ) : (
        <>
          <p className="text-sm" data-testid="kept-key-since">{t("kept", { since: instant(keptAt) })}</p>
          <button type="button" disabled={pending} onClick={() => set(false)} data-testid="kept-key-forget" className={outlineButton("sm", "w-full")}>{t("forget")}</button>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("keptHint")}</p>
        </>
      )}
      {notice && <p role="status" data-testid="kept-key-notice" className="text-xs text-emerald-700 dark:text-emerald-400">{notice}</p>}
      {failure && <p role="alert" data-testid="kept-key-failure" className="text-xs text-red-700 dark:text-red-400">{failure}</p>}
    </div>
  );
}
