"use client";

import { useState, useTransition } from "react";
import { forgetMyDataAction } from "@/lib/actions/account/forget-my-data";
import { actionFailureText } from "@/lib/actions/action-result";

// "Forget my data" asks twice: the first click only explains what happens and offers the
// real button, so a stray click deletes nothing.
export function ForgetMyData() {
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const forget = () =>
    startTransition(async () => {
      setFailure(null);
      try {
        // On success the action sends the browser to the sign-in page; it answers only a failure.
        const result = await forgetMyDataAction();
        if (result && !result.ok) setFailure(actionFailureText(result.error));
      } catch {
        setFailure("The dashboard did not answer, so nothing may have been deleted. Check your connection and try again.");
      }
    });

  return (
    <div className="space-y-2 border-t border-zinc-200 pt-3 dark:border-zinc-800">
      {!confirming ? (
        <>
          <button type="button" onClick={() => setConfirming(true)} className="text-sm font-medium text-red-700 underline-offset-2 hover:underline dark:text-red-400">
            Forget my data
          </button>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">Deletes the encrypted copy of this account&apos;s records kept on this server, and signs you out.</p>
        </>
      ) : (
        <div role="group" aria-labelledby="forget-title" className="space-y-2 rounded-lg bg-red-50 p-3 text-sm text-red-950 dark:bg-red-950 dark:text-red-100">
          <p id="forget-title" className="font-semibold">Delete the stored copy and sign out?</p>
          <p className="text-xs">The copy of this account&apos;s records on this server is deleted now. Your data at the Sales API is not touched; reports fetch it again after you sign in.</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={forget} disabled={pending} aria-busy={pending}
              className="rounded-md bg-red-700 px-3 py-1 text-sm font-medium text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-60">
              {pending ? "Deleting…" : "Delete and sign out"}
            </button>
            <button type="button" onClick={() => { setConfirming(false); setFailure(null); }} disabled={pending}
              className="rounded-md px-3 py-1 text-sm font-medium ring-1 ring-red-300 hover:bg-red-100 disabled:opacity-60 dark:ring-red-800 dark:hover:bg-red-900">
              Cancel
            </button>
          </div>
        </div>
      )}
      {failure && <p role="alert" data-testid="forget-failure" className="text-xs text-red-700 dark:text-red-400">{failure}</p>}
    </div>
  );
}
