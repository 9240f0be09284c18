// pretest:e2e: says which Chromium the e2e tests will drive, and installs
// Playwright's own when there is none at all.
import { spawnSync } from "node:child_process";
import { chooseChromium } from "./chromium-choice.mjs";

function describe(choice) {
  if (choice.kind === "playwright") return `Playwright's Chromium (${choice.executablePath})`;
  return `system Chromium ${choice.executablePath} (Playwright's own Chromium is not installed)`;
}

let choice = chooseChromium();
if (choice.kind === "none") {
  console.log(`e2e: no Chromium found (looked at: ${choice.looked.join(", ")}).`);
  console.log("e2e: trying `npx playwright install chromium` ...");
  const install = spawnSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit" });
  choice = chooseChromium();
  if (install.status !== 0 || choice.kind === "none") {
    console.error(
      [
        "",
        "e2e: could not get a Chromium to run the browser tests.",
        "  `npx playwright install chromium` failed (it downloads from the internet; offline machines cannot).",
        "  Any one of these fixes it:",
        "    - with network access:      npx playwright install chromium",
        "    - on Debian/Ubuntu:         sudo apt-get install -y chromium   (then /usr/bin/chromium is used)",
        "    - with a Chromium elsewhere: CHROMIUM_PATH=/path/to/chromium npm run test:e2e",
        "",
      ].join("\n"),
    );
    process.exit(1);
  }
}
console.log(`e2e: using ${describe(choice)}`);
