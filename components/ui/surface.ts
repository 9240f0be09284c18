// The surfaces every panel is drawn on, defined once: the card (white, dark zinc), the floating
// panel (menus and dialogs), the notice (a warning in amber, a failure in red) and the frame of
// a table that scrolls sideways. Each
// takes the element's own classes (padding, text size, layout) after its own.

const CARD = "rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900";
const FLOATING = "rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950";
const FRAME = "rounded-xl border border-zinc-200 dark:border-zinc-800";
const NOTICE = {
  warning: "rounded-xl border border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100",
  danger: "rounded-xl border border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100",
} as const;

const join = (base: string, extra: string) => (extra ? `${base} ${extra}` : base);

/** A panel's card. */
export const card = (extra = "") => join(CARD, extra);

/** A panel that floats over the page (a menu, a dialog): its shadow and placement are the element's. */
export const floating = (extra = "") => join(FLOATING, extra);

/** A bordered frame without a fill: a table that scrolls, a group of fields. */
export const frame = (extra = "") => join(FRAME, extra);

/** A notice: "warning" (something to know, amber) or "danger" (something failed, red). */
export const notice = (tone: keyof typeof NOTICE, extra = "") => join(NOTICE[tone], extra);
