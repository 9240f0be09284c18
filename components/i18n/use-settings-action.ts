"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/actions/action-result";
import { useFailureText } from "./use-failure-text";

/**
 * A settings page's actions: one at a time, its failure in the reader's words or its notice,
 * and the page's server data read again after it succeeds.
 */
export function useSettingsAction() {
  const failureText = useFailureText();
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const act = <T,>(run: () => Promise<ActionResult<T>>, done: (data: T) => string, after?: () => void) =>
    startTransition(async () => {
      setFailure(null);
      setNotice(null);
      try {
        const result = await run();
        if (!result.ok) return setFailure(failureText.failure(result.error));
        setNotice(done(result.data));
        after?.();
        router.refresh();
      } catch {
        setFailure(failureText.failure({ code: "network", message: "The dashboard did not answer." }));
      }
    });
  return { act, failure, notice, pending };
}
