"use client";

import { useTranslations } from "next-intl";
import { syncStatusText } from "./sync-status-text";
import { useSyncStatus } from "./use-sync-status";

const TONES = {
  filling: { pill: "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-600/40", dot: "bg-sky-500 animate-pulse" },
  done: { pill: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25", dot: "bg-emerald-500" },
  problem: { pill: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/25", dot: "bg-amber-500" },
} as const;

// The shell's line on the background sync of the account's mirror. The live region is always
// there (empty when there is nothing to say) so that screen readers hear it change, politely.
export function SyncStatus() {
  const { data } = useSyncStatus();
  const t = useTranslations("shell");
  const status = syncStatusText(data, t);
  const tone = status ? TONES[status.tone] : null;
  return (
    <span role="status" aria-live="polite" data-testid="sync-status" className="inline-flex max-w-full">
      {status && tone && (
        <span className={`inline-flex max-w-full items-start gap-2 rounded-2xl px-2.5 py-1.5 text-xs sm:px-3 font-medium ring-1 ring-inset ${tone.pill}`}>
          <span aria-hidden="true" className={`mt-1 size-2 shrink-0 rounded-full ${tone.dot}`} />
          <span className="min-w-0 break-words">{status.text}</span>
        </span>
      )}
    </span>
  );
}
