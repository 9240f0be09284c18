"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";

// One popover open at a time across the page: opening one closes the others (they would overlap
// each other and the chips below), and a click outside or Escape closes it. A <details> keeps it
// usable before hydration and by keyboard (Enter/Space on the summary).
const OPENED = "salesdash:popover-opened";

export function Popover({ summary, summaryClassName, className = "relative", children }: { summary: ReactNode; summaryClassName?: string; className?: string; children: ReactNode }) {
  const id = useId();
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onOther = (event: Event) => {
      if ((event as CustomEvent<string>).detail !== id) setOpen(false);
    };
    window.addEventListener(OPENED, onOther);
    return () => window.removeEventListener(OPENED, onOther);
  }, [id]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      ref.current?.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <details
      ref={ref}
      className={className}
      open={open}
      onToggle={(event) => {
        const nowOpen = event.currentTarget.open;
        if (nowOpen === open) return;
        setOpen(nowOpen);
        if (nowOpen) window.dispatchEvent(new CustomEvent(OPENED, { detail: id }));
      }}
    >
      <summary className={summaryClassName}>{summary}</summary>
      {children}
    </details>
  );
}
