"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, useTransition, type FormEvent } from "react";
import { createSavedViewAction } from "@/lib/actions/views/create-saved-view";
import type { ReportId } from "@/lib/reports/report-definitions";
import { MAX_VIEW_NAME_LENGTH } from "@/lib/views/saved-view-limits";
import { useViewFailureText } from "./use-view-failure-text";
import { floating } from "@/components/ui/surface";
import { outlineButton, solidButton } from "@/components/ui/button-style";

// The "Save view" dialog (save-view-button.tsx loads it on the first click, out of every
// report's first load): the browser's modal <dialog>, opened as it mounts (focus stays inside,
// Escape closes it, it fits a phone's width). The server checks the query again and keeps only
// what a view keeps; the navigation shows the new view at once (router.refresh re-renders the
// shell without reloading the report). `onClosed` answers the saved view's name, or null.
export function SaveViewDialog({ report, onClosed }: { report: ReportId; onClosed: (saved: string | null) => void }) {
  const t = useTranslations("views.save");
  const failureText = useViewFailureText();
  const router = useRouter();
  const search = useSearchParams();
  const dialog = useRef<HTMLDialogElement>(null);
  const savedName = useRef<string | null>(null);
  const id = useId();
  const [name, setName] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    // Escape, Cancel or a save: the parent takes the dialog away.
    const closed = () => onClosed(savedName.current);
    element.addEventListener("close", closed);
    return () => element.removeEventListener("close", closed);
  }, [onClosed]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      setFailure(null);
      try {
        const result = await createSavedViewAction({ report, name, query: search.toString() });
        if (!result.ok) return setFailure(failureText(result.error));
        savedName.current = result.data.name;
        dialog.current?.close();
        router.refresh();
      } catch {
        setFailure(t("noAnswer"));
      }
    });
  };

  return (
    <dialog ref={dialog} aria-labelledby={`${id}-title`} data-testid="save-view-dialog"
      className={floating("m-auto w-[min(26rem,calc(100vw-2rem))] p-0 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:text-zinc-100")}>
      <form onSubmit={save} className="space-y-3 p-4">
        <h2 id={`${id}-title`} className="text-base font-semibold">{t("title")}</h2>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("hint")}</p>
        <div className="space-y-1">
          <label htmlFor={`${id}-name`} className="block text-sm font-medium">{t("name")}</label>
          <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} maxLength={MAX_VIEW_NAME_LENGTH} required autoComplete="off" placeholder={t("placeholder")}
            className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900" />
        </div>
        {failure && <p role="alert" data-testid="save-view-failure" className="text-sm text-red-700 dark:text-red-400">{failure}</p>}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={() => dialog.current?.close()} disabled={pending} className={outlineButton("md")}>
            {t("cancel")}
          </button>
          <button type="submit" disabled={pending} aria-busy={pending} className={solidButton("md")}>
            {pending ? t("saving") : t("submit")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
