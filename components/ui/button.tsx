import type { ButtonHTMLAttributes } from "react";

// The page's one call to action, large (a 44 px touch target): the sign-in form's submit, and
// the landing page's link to it, which takes the classes alone (a plain link needs no script).
// Every other button takes its classes from button-style.ts.

/** The classes of the call to action, for a link drawn as one. */
export const callToAction = (extra = "") =>
  `inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-zinc-900 px-5 text-sm font-medium text-white shadow-sm transition-colors enabled:hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-white dark:text-zinc-900 dark:enabled:hover:bg-zinc-200 dark:focus-visible:outline-white ${extra}`.trim();

export function Button({ className = "", type = "button", ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={callToAction(className)} {...props} />;
}
