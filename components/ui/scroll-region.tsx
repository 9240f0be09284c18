import type { HTMLAttributes, ReactNode } from "react";
import { card, frame } from "./surface";

// The shell of a table wider than a phone: it scrolls sideways inside its surface, a keyboard
// reaches it (tabIndex 0, so the arrow keys scroll it) and a screen reader names it (a region
// labelled by what the table holds). Every table that may scroll is drawn in one.

type Surface = "card" | "frame" | "none";

const SURFACE: Record<Surface, (extra: string) => string> = { card, frame, none: (extra) => extra };

export function ScrollRegion({ label, surface = "none", className = "", children, ...rest }: { label: string; surface?: Surface; className?: string; children: ReactNode } & Omit<HTMLAttributes<HTMLDivElement>, "role" | "tabIndex" | "aria-label">) {
  return (
    <div className={SURFACE[surface](`overflow-x-auto ${className}`.trim())} tabIndex={0} role="region" aria-label={label} {...rest}>
      {children}
    </div>
  );
}

/** The head of a list table: small capitals on a light band. */
export const listHead = (extra = "") => `bg-zinc-100 text-left text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400 ${extra}`.trim();
