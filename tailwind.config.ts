import type { Config } from "tailwindcss";

// Tailwind 4 reads this through `@config` in app/globals.css.
const config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  // Light and dark follow the operating system.
  darkMode: "media",
  theme: {
    extend: {
      fontFamily: {
        sans: ["var(--font-geist-sans)", "ui-sans-serif", "system-ui", "sans-serif"],
        mono: ["var(--font-geist-mono)", "ui-monospace", "SFMono-Regular", "monospace"],
      },
    },
  },
} satisfies Config;

export default config;
