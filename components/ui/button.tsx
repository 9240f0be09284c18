import type { ButtonHTMLAttributes } from "react";

type ButtonVariant = "primary" | "secondary";

const variants: Record<ButtonVariant, string> = {
  primary:
    "bg-zinc-900 text-white shadow-sm enabled:hover:bg-zinc-700 dark:bg-white dark:text-zinc-900 dark:enabled:hover:bg-zinc-200",
  secondary:
    "bg-white text-zinc-900 ring-1 ring-inset ring-zinc-300 enabled:hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-zinc-700 dark:enabled:hover:bg-zinc-800",
};

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant };

export function Button({ variant = "primary", className = "", type = "button", ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={`inline-flex h-11 items-center justify-center gap-2 rounded-lg px-5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 disabled:cursor-not-allowed disabled:opacity-60 dark:focus-visible:outline-white ${variants[variant]} ${className}`}
      {...props}
    />
  );
}
