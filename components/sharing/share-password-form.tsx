"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { formatUtc } from "@/lib/format";
import { useState, useTransition } from "react";
import { unlockShareLinkAction } from "@/lib/actions/sharing/unlock-share-link";
import { solidButton } from "@/components/ui/button-style";

// A password link asks for its password first. A right one sets a cookie for this link's
// path only, and the page is read again; ten wrong ones lock the link for fifteen minutes.
export function SharePasswordForm({ token, locked }: { token: string; locked: number | null }) {
  const t = useTranslations("sharing.password");
  const router = useRouter();
  const [password, setPassword] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [lockedUntil, setLockedUntil] = useState<number | null>(locked);
  const [pending, startTransition] = useTransition();
  // A time of today, on the 24-hour clock every time of the app is written on: "14:05 UTC".
  const until = (at: number) => formatUtc(new Date(at).toISOString()).slice(11);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      setMessage(null);
      try {
        const result = await unlockShareLinkAction({ token, password });
        if (!result.ok) return setMessage(result.error.message);
        const answer = result.data;
        if (answer.kind === "ok") return router.refresh();
        if (answer.kind === "locked") return setLockedUntil(answer.until);
        if (answer.kind === "wrong_password") return setMessage(t("wrong", { left: answer.triesLeft }));
        setMessage(t("gone"));
      } catch {
        setMessage(t("noAnswer"));
      }
    });
  };

  return (
    <main className="mx-auto flex min-h-[60vh] max-w-sm flex-col justify-center px-5" data-testid="share-password">
      <p className="text-sm font-semibold text-zinc-600 dark:text-zinc-400">Salesdash</p>
      <h1 className="mt-1 text-2xl font-semibold">{t("title")}</h1>
      {lockedUntil !== null ? (
        <p role="alert" data-testid="share-locked" className="mt-3 text-sm text-red-700 dark:text-red-400">{t("locked", { until: until(lockedUntil) })}</p>
      ) : (
        <form onSubmit={submit} className="mt-4 space-y-3">
          <label className="block text-sm font-medium" htmlFor="share-password-input">{t("label")}</label>
          <input id="share-password-input" type="password" autoComplete="off" required value={password} onChange={(e) => setPassword(e.target.value)}
            className="w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900" />
          <button type="submit" disabled={pending} className={solidButton("md")}>
            {pending ? t("opening") : t("open")}
          </button>
          {message && <p role="alert" data-testid="share-password-message" className="text-sm text-red-700 dark:text-red-400">{message}</p>}
        </form>
      )}
    </main>
  );
}
