"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId, useState, useTransition } from "react";
import { useFailureText } from "@/components/i18n/use-failure-text";
import { createShareLinkAction } from "@/lib/actions/sharing/create-share-link";
import type { ReportId } from "@/lib/reports/report-definitions";
import { floating } from "@/components/ui/surface";
import { ShareUrlField } from "./share-url-field";
import { outlineButton, solidButton } from "@/components/ui/button-style";

type ExpiryChoice = "1" | "7" | "30" | "date";

const field = "rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900";

// The Share dialog (share-button.tsx opens it): loaded on the first click, not in every report's
// first load. Closing it unmounts it, and with it what was typed and the link shown once.
export function ShareDialog({ report, query, close }: { report: ReportId; query: string; close: () => void }) {
  const t = useTranslations("sharing.create");
  // A moment written as useInstant writes it (components/i18n/use-instant.ts), without its module.
  const format = useFormatter();
  const failureText = useFailureText();
  const id = useId();
  const [expiry, setExpiry] = useState<ExpiryChoice>("7");
  const [date, setDate] = useState("");
  const [password, setPassword] = useState("");
  const [live, setLive] = useState(false);
  const [created, setCreated] = useState<{ url: string; expiresAt: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const create = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      setFailure(null);
      try {
        const result = await createShareLinkAction({
          report, query, mode: live ? "live" : "fixed", password: password || null,
          expiry: expiry === "date" ? { kind: "date", date } : { kind: "days", days: Number(expiry) as 1 | 7 | 30 },
        });
        if (!result.ok) return setFailure(failureText.failure(result.error));
        setCreated({ url: `${window.location.origin}${result.data.path}`, expiresAt: result.data.expiresAt });
      } catch {
        setFailure(t("noAnswer"));
      }
    });
  };

  return (
    <div role="dialog" aria-labelledby={`${id}-title`} data-testid="share-dialog"
      className={floating("fixed inset-x-4 top-20 z-30 max-h-[80vh] overflow-y-auto space-y-3 sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96 p-4 text-left text-sm shadow-lg")}>
      <h2 id={`${id}-title`} className="font-semibold">{t("title")}</h2>
      {created ? (
        <div className="space-y-2">
          <ShareUrlField url={created.url} testId="share-url">
            <button type="button" onClick={close} className={outlineButton()}>{t("done")}</button>
          </ShareUrlField>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("shownOnce", { when: format.dateTime(new Date(created.expiresAt), { dateStyle: "medium", timeStyle: "short", hourCycle: "h23", timeZone: "UTC" }) + " UTC" })}</p>
        </div>
      ) : (
        <form onSubmit={create} className="space-y-3">
          <fieldset className="space-y-1">
            <legend className="font-medium">{t("expiry")}</legend>
            <div className="flex flex-wrap gap-3">
              {(["1", "7", "30", "date"] as const).map((choice) => (
                <label key={choice} className="flex items-center gap-1">
                  <input type="radio" name={`${id}-expiry`} value={choice} checked={expiry === choice} onChange={() => setExpiry(choice)} />
                  {t(`expiryChoice.${choice}`)}
                </label>
              ))}
            </div>
            {expiry === "date" && (
              <label className="flex items-center gap-2">{t("expiryDate")}
                <input type="date" required value={date} onChange={(e) => setDate(e.target.value)} className={field} />
              </label>
            )}
          </fieldset>
          <label className="block space-y-1">
            <span className="font-medium">{t("password")}</span>
            <input type="password" autoComplete="new-password" minLength={8} maxLength={200} value={password} onChange={(e) => setPassword(e.target.value)} className={`${field} w-full`} />
            <span className="block text-xs text-zinc-600 dark:text-zinc-400">{t("passwordHint")}</span>
          </label>
          <label className="flex items-start gap-2">
            <input type="checkbox" checked={live} onChange={(e) => setLive(e.target.checked)} className="mt-1" />
            <span>{t("live")}<span className="block text-xs text-zinc-600 dark:text-zinc-400">{t("liveHint")}</span></span>
          </label>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("privacy")}</p>
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={pending} aria-busy={pending} className={solidButton()}>
              {pending ? t("creating") : t("createLink")}
            </button>
            <button type="button" onClick={close} disabled={pending} className={outlineButton()}>{t("cancel")}</button>
          </div>
          {failure && <p role="alert" data-testid="share-failure" className="text-red-700 dark:text-red-400">{failure}</p>}
        </form>
      )}
    </div>
  );
}
