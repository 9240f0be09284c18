"use client";

// The two buttons of an ask-first delete (use-confirm-step.ts): the red one that does it,
// busy while it runs, and the one that steps back. In the account menu's size ("sm") or a
// saved view row's ("xs"), in the kit's red tones (button-style.ts).
import { dangerButton, dangerOutlineButton } from "./button-style";

const SIZES = {
  sm: { confirm: dangerButton("sm"), cancel: dangerOutlineButton("sm") },
  xs: { confirm: dangerButton("xs"), cancel: dangerOutlineButton("xs") },
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
