"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ConfirmButtons } from "@/components/ui/confirm-buttons";
import { useConfirmStep } from "@/components/ui/use-confirm-step";
import { deleteSavedViewAction } from "@/lib/actions/views/delete-saved-view";
import type { SavedViewItem } from "@/lib/views/saved-view-item";
import { useViewFailureText } from "./use-view-failure-text";
import { dangerOutlineButton } from "@/components/ui/button-style";

// One saved view of the navigation: its link, and a delete that asks first (a stray tap
// deletes nothing). After a delete the shell is rendered again, and the row is gone.
export function SavedViewRow({ view, reportLabel, href, onOpen }: { view: SavedViewItem; reportLabel: string; href: string; onOpen: () => void }) {
  const t = useTranslations("views.nav");
  const failureText = useViewFailureText();
  const router = useRouter();
  const { confirming, setConfirming, failure, setFailure, pending, run, ask, cancel } = useConfirmStep(() => t("noAnswer"));

  const remove = () =>
    run(async () => {
      const result = await deleteSavedViewAction({ id: view.id });
      if (!result.ok && result.error.code !== "view_not_found") return setFailure(failureText(result.error));
      setConfirming(false);
      router.refresh();
    });

  return (
    <li className="rounded-lg px-1 py-1" data-testid="saved-view" data-name={view.name}>
      <div className="flex items-center gap-2">
        <Link href={href} onClick={onOpen} data-testid="saved-view-link"
          className="min-w-0 flex-1 rounded-md px-2 py-1 hover:bg-zinc-100 dark:hover:bg-zinc-800">
          <span className="block truncate text-sm font-medium">{view.name}</span>
          <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">{reportLabel}</span>
        </Link>
        {!confirming && (
          <button type="button" onClick={ask} aria-label={t("deleteLabel", { name: view.name })} data-testid="saved-view-delete"
            className={dangerOutlineButton("xs", "shrink-0")}>
            {t("delete")}
          </button>
        )}
      </div>
      {confirming && (
        <div role="group" aria-label={t("confirm", { name: view.name })} className="mt-1 flex flex-wrap items-center gap-2 rounded-md bg-red-50 px-2 py-1.5 text-sm text-red-950 dark:bg-red-950 dark:text-red-100">
          <span className="min-w-0 flex-1 break-words">{t("confirm", { name: view.name })}</span>
          <ConfirmButtons size="xs" pending={pending} onConfirm={remove} onCancel={cancel} confirmLabel={t("confirmDelete")} busyLabel={t("deleting")} cancelLabel={t("cancel")} confirmTestId="saved-view-confirm-delete" />
        </div>
      )}
      {failure && <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">{failure}</p>}
    </li>
  );
}
