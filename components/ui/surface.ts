// The surfaces every panel is drawn on, defined once: the card (white, dark zinc), the floating
// panel (menus and dialogs), the notices (a warning in amber, a failure in red) and the frame of
// a table that scrolls sideways. Each takes the element's own classes (padding, text size,
// layout) after its own. One function each, with its classes written out: a page's first load
// takes only the surfaces its components draw (the budget of tests/e2e/bundle.spec.ts).

/** A panel's card. */
export const card = (extra = "") => `rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900 ${extra}`.trim();

/** A panel that floats over the page (a menu, a dialog): its shadow and placement are the element's. */
export const floating = (extra = "") => `rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950 ${extra}`.trim();

/** A bordered frame without a fill: a table that scrolls, a group of fields. */
export const frame = (extra = "") => `rounded-xl border border-zinc-200 dark:border-zinc-800 ${extra}`.trim();

/** Something to know (amber). */
export const warning = (extra = "") => `rounded-xl border border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100 ${extra}`.trim();

/** Something that failed (red). */
export const danger = (extra = "") => `rounded-xl border border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100 ${extra}`.trim();
