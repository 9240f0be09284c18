"use client";

import { useState, useTransition } from "react";

/**
 * A destructive action that asks first (a stray click deletes nothing): whether it is being
 * confirmed, the failure to show, and `run`, which clears the failure, runs the action in a
 * transition and shows `noAnswer()` when the server did not answer at all.
 */
export function useConfirmStep(noAnswer: () => string) {
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const run = (action: () => Promise<void>) =>
    startTransition(async () => {
      setFailure(null);
      try {
        await action();
      } catch {
        setFailure(noAnswer());
      }
    });
  const ask = () => setConfirming(true);
  const cancel = () => {
    setConfirming(false);
    setFailure(null);
  };
  return { confirming, setConfirming, failure, setFailure, pending, run, ask, cancel };
}
