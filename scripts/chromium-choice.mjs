// Which Chromium the e2e tests drive. Shared by playwright.config.ts and
// scripts/ensure-browser.mjs so both always agree.
//   1. Playwright's own Chromium, when installed: used normally.
//   2. Otherwise a system Chromium: $CHROMIUM_PATH, else /usr/bin/chromium
//      (Debian's package), launched with flags for a headless, offline box.
//   3. Otherwise none.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

export const SYSTEM_CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function playwrightChromiumPath() {
  try {
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** @returns {import("./chromium-choice.d.mts").ChromiumChoice} */
export function chooseChromium() {
  const bundled = playwrightChromiumPath();
  if (bundled) return { kind: "playwright", executablePath: bundled };
  const system = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (existsSync(system)) return { kind: "system", executablePath: system };
  return { kind: "none", looked: [chromium.executablePath(), system] };
}

/**
 * The `use` options of a Playwright project for the chosen Chromium: nothing for Playwright's
 * own, the system one's path and flags otherwise (both Playwright configs use this).
 */
export function chromiumLaunch(choice = chooseChromium()) {
  return choice.kind === "system" ? { launchOptions: { executablePath: choice.executablePath, args: SYSTEM_CHROMIUM_ARGS } } : {};
}
