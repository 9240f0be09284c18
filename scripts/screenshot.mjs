// node scripts/screenshot.mjs [url] [out.png] [--phone] [--dark] [--sign-in]
// Screenshots a running dashboard with the same Chromium the e2e tests use. With --sign-in,
// signs in first as the demo creator (`npm run demo` writes .data/demo/credentials.json) and
// waits for the report's figures: the README's picture is a report, not the landing page.
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { chooseChromium, chromiumLaunch } from "./chromium-choice.mjs";

const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith("--")));
const [url = "http://127.0.0.1:3000/", out = "public/screenshot.png"] = args.filter((arg) => !arg.startsWith("--"));

const choice = chooseChromium();
if (choice.kind === "none") {
  console.error("screenshot: no Chromium found; run `node scripts/ensure-browser.mjs`.");
  process.exit(1);
}
const browser = await chromium.launch(chromiumLaunch(choice).launchOptions ?? {});
const phone = flags.has("--phone");
const page = await browser.newPage({
  viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
  deviceScaleFactor: phone ? 2 : 1,
  isMobile: phone,
  hasTouch: phone,
  colorScheme: flags.has("--dark") ? "dark" : "light",
});
if (flags.has("--sign-in")) {
  const { creator } = JSON.parse(fs.readFileSync(".data/demo/credentials.json", "utf8"));
  await page.goto(new URL("/sign-in", url).href);
  await page.getByLabel("API key", { exact: true }).fill(creator.apiKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((at) => !at.pathname.startsWith("/sign-in"));
  await page.goto(url);
  await page.locator('[data-state="current"]').first().waitFor({ timeout: 120_000 });
  await page.waitForLoadState("networkidle");
} else {
  await page.goto(url, { waitUntil: "networkidle" });
}
await page.getByText(/^Upstream/).first().waitFor();
await page.screenshot({ path: out, fullPage: phone });
await browser.close();
console.log(`screenshot: ${out}`);
