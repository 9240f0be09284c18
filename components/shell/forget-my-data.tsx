"use client";

import { useTranslations } from "next-intl";
import { useFailureText } from "@/components/i18n/use-failure-text";
import { ConfirmButtons } from "@/components/ui/confirm-buttons";
import { useConfirmStep } from "@/components/ui/use-confirm-step";
import { forgetMyDataAction } from "@/lib/actions/account/forget-my-data";

// "Forget my data" asks twice: the first click only explains what happens and offers the
// real button, so a stray click deletes nothing.
export function ForgetMyData() {
  const t = useTranslations("shell.forget");
  const failureText = useFailureText();
  const { confirming, failure, setFailure, pending, run, ask, cancel } = useConfirmStep(() => t("noAnswer"));

  const forget = () =>
    run(async () => {
      // On success the action sends the browser to the sign-in page; it answers only a failure.
      const result = await forgetMyDataAction();
      if (result && !result.ok) setFailure(failureText.failure(result.error));
    });

  return (
    <div className="space-y-2 border-t border-zinc-200 pt-3 dark:border-zinc-800">
      {!confirming ? (
        <>
          <button type="button" onClick={ask} className="text-sm font-medium text-red-700 underline-offset-2 hover:underline dark:text-red-400">
            {t("button")}
          </button>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("hint")}</p>
        </>
      ) : (
        <div role="group" aria-labelledby="forget-title" className="space-y-2 rounded-lg bg-red-50 p-3 text-sm text-red-950 dark:bg-red-950 dark:text-red-100">
          <p id="forget-title" className="font-semibold">{t("confirmTitle")}</p>
          <p className="text-xs">{t("confirmText")}</p>
          <div className="flex flex-wrap gap-2">
            <ConfirmButtons size="sm" pending={pending} onConfirm={forget} onCancel={cancel} confirmLabel={t("confirm")} busyLabel={t("deleting")} cancelLabel={t("cancel")} />
          </div>
        </div>
      )}
      {failure && <p role="alert" data-testid="forget-failure" className="text-xs text-red-700 dark:text-red-400">{failure}</p>}
    </div>
  );
}
