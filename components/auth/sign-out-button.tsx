"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { useFailureText } from "@/components/i18n/use-failure-text";
import { signOutAction } from "@/lib/actions/auth/sign-out";
import { outlineButton } from "@/components/ui/button-style";

export function SignOutButton() {
  const t = useTranslations("auth.signOut");
  const failureText = useFailureText();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  function signOut() {
    setError(null);
    startTransition(async () => {
      const result = await signOutAction().catch(() => null);
      if (!result) {
        setError(t("failed"));
        return;
      }
      if (!result.ok && result.error.code !== "unauthenticated") {
        setError(failureText.failure(result.error));
        return;
      }
      // A whole page load, not a client navigation: nothing of the session (the tab's cached
      // reports) stays in memory. A session that had already ended is cleared by the sign-in page.
      window.location.assign(result.ok ? result.data.redirectTo : "/sign-in");
    });
  }

  return (
    <span className="inline-flex items-center gap-2">
      {error && <span role="alert" className="text-xs text-red-700 dark:text-red-300">{error}</span>}
      <button type="button" onClick={signOut} disabled={pending}
        className={outlineButton("md")}>
        {t("button")}
      </button>
    </span>
  );
}
