import type { ReactNode } from "react";

export type StatusTone = "positive" | "warning" | "negative" | "neutral" | "pending";

const tones: Record<StatusTone, { pill: string; dot: string }> = {
  positive: {
    pill: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25",
    dot: "bg-emerald-500",
  },
  warning: {
    pill: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/25",
    dot: "bg-amber-500",
  },
  negative: {
    pill: "bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/25",
    dot: "bg-red-500",
  },
  neutral: {
    pill: "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-600/40",
    dot: "bg-zinc-400",
  },
  pending: {
    pill: "bg-zinc-100 text-zinc-600 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-400 dark:ring-zinc-600/40",
    dot: "bg-zinc-400 animate-pulse",
  },
};

type StatusPillProps = { tone: StatusTone; children: ReactNode; title?: string };

/** A rounded status label with a coloured dot; the text carries the meaning, not the colour. */
export function StatusPill({ tone, children, title }: StatusPillProps) {
  const style = tones[tone];
  return (
    <span
      role="status"
      title={title}
      className={`inline-flex max-w-full items-start gap-2 rounded-2xl px-3 py-1.5 text-xs font-medium ring-1 ring-inset ${style.pill}`}
    >
      <span aria-hidden="true" className={`mt-1 size-2 shrink-0 rounded-full ${style.dot}`} />
      <span className="min-w-0 break-words">{children}</span>
    </span>
  );
}
