"use client";

// The two buttons of an ask-first delete (use-confirm-step.ts): the red one that does it,
// busy while it runs, and the one that steps back. In the account menu's size ("sm") or a
// saved view row's ("xs").
const SIZES = {
  sm: {
    confirm: "rounded-md bg-red-700 px-3 py-1 text-sm font-medium text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-60",
    cancel: "rounded-md px-3 py-1 text-sm font-medium ring-1 ring-red-300 hover:bg-red-100 disabled:opacity-60 dark:ring-red-800 dark:hover:bg-red-900",
  },
  xs: {
    confirm: "rounded-md bg-red-700 px-2.5 py-1 text-xs font-medium text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-60",
    cancel: "rounded-md px-2.5 py-1 text-xs font-medium ring-1 ring-inset ring-red-300 hover:bg-red-100 disabled:opacity-60 dark:ring-red-800 dark:hover:bg-red-900",
  },
} as const;

export interface ConfirmButtonsProps {
  size: keyof typeof SIZES;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirm button's words, before and while it runs. */
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  confirmTestId?: string;
}

export function ConfirmButtons({ size, pending, onConfirm, onCancel, confirmLabel, busyLabel, cancelLabel, confirmTestId }: ConfirmButtonsProps) {
  return (
    <>
      <button type="button" onClick={onConfirm} disabled={pending} aria-busy={pending} data-testid={confirmTestId} className={SIZES[size].confirm}>
        {pending ? busyLabel : confirmLabel}
      </button>
      <button type="button" onClick={onCancel} disabled={pending} className={SIZES[size].cancel}>
        {cancelLabel}
      </button>
    </>
  );
}
