// The dashboard's buttons, defined once: the solid one is what a form or dialog is for (dark on
// light, light on dark), the outlined one stands beside it (cancel, copy, a toolbar's control),
// and their red twins delete or forget. Links and menus' summaries drawn as buttons (a CSV
// download, the account menu) take the same classes. A disabled button is dimmed and does not
// light up under the pointer (`not-disabled:hover`, which an <a> or <summary> also matches).
// Sizes: "xs" for rows of a list and chips, "sm" for compact dialogs and forms, "md" where a
// button stands on its own (sign-out, a page's form, Download all), "bar" for the controls
// of the report's header and navigation, compact on a phone (where they share one narrow row)
// and "md" from `sm:` up. The large call to action of the sign-in form and the landing page is
// `Button` (button.tsx). One function per tone, with its classes written out, as the surfaces
// are (surface.ts): a page's first load takes only the tones its components draw.

export type ButtonSize = "xs" | "sm" | "md" | "bar";

const SIZE: Record<ButtonSize, string> = {
  xs: "px-2.5 py-1 text-xs",
  sm: "px-3 py-1 text-sm",
  md: "px-3 py-1.5 text-sm",
  bar: "whitespace-nowrap px-2.5 py-1 text-sm sm:px-3 sm:py-1.5",
};

const base = (size: ButtonSize, extra: string) => `rounded-md font-medium disabled:opacity-60 ${SIZE[size]} ${extra}`.trim();

/** The form's or dialog's action. */
export const solidButton = (size: ButtonSize = "sm", extra = "") =>
  base(size, `bg-zinc-900 text-white not-disabled:hover:bg-zinc-700 disabled:cursor-wait dark:bg-white dark:text-zinc-900 dark:not-disabled:hover:bg-zinc-200 ${extra}`);

/** Beside it, or on its own in a toolbar. */
export const outlineButton = (size: ButtonSize = "sm", extra = "") =>
  base(size, `text-zinc-700 ring-1 ring-inset ring-zinc-300 not-disabled:hover:bg-zinc-100 dark:text-zinc-200 dark:ring-zinc-700 dark:not-disabled:hover:bg-zinc-800 ${extra}`);

/** What deletes or forgets, once confirmed. */
export const dangerButton = (size: ButtonSize = "sm", extra = "") => base(size, `bg-red-700 text-white not-disabled:hover:bg-red-800 disabled:cursor-wait ${extra}`);

/** What asks to delete or forget, or backs out of it. */
export const dangerOutlineButton = (size: ButtonSize = "sm", extra = "") =>
  base(size, `text-red-700 ring-1 ring-inset ring-red-300 not-disabled:hover:bg-red-100 dark:text-red-300 dark:ring-red-800 dark:not-disabled:hover:bg-red-900 ${extra}`);
