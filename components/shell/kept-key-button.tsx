"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useFailureText } from "@/components/i18n/use-failure-text";
import { keepKeyAction } from "@/lib/actions/account/keep-key";
import { outlineButton } from "@/components/ui/button-style";

// The one part of "Keep my key" that runs in the browser (the menu's words are the server's, which
// keeps every page's first load small): the button, its answer, and the menu read again after it.
// Kept at one place in the menu whichever it shows, so its answer outlives the menu's refresh.
export function KeptKeyButton({ keep, label, done, noAnswer }: { keep: boolean; label: string; done: string; noAnswer: string }) {
  const failureText = useFailureText();
  const router = useRouter();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, start] = useTransition();
  const click = () =>
    start(async () => {
      setAnswer(null);
      try {
        const result = await keepKeyAction({ keep });
        if (!result.ok) return setAnswer({ ok: false, text: failureText.failure(result.error) });
        setAnswer({ ok: true, text: done });
        router.refresh();
      } catch {
        setAnswer({ ok: false, text: noAnswer });
      }
    });
  return (
    <>
      <button type="button" disabled={pending} onClick={click} data-testid={keep ? "kept-key-keep" : "kept-key-forget"} className={outlineButton("sm", "w-full")}>{label}</button>
      {answer && <p role={answer.ok ? "status" : "alert"} data-testid={answer.ok ? "kept-key-notice" : "kept-key-failure"} className={`text-xs ${answer.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}>{answer.text}</p>}
    </>
  );
}
