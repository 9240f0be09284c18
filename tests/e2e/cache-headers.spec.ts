// Nothing behind a session may be kept by a shared cache or the browser's: every page, report
// stream, rows page and download of a signed-in account answers `Cache-Control: private,
// no-store` (a proxy between a creator and the server must never hand one account's figures
// to the next request).
import { expect, test } from "./support/test";
import { sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();
const QUERY = "from=2026-06-09&to=2026-06-15&compare=none";

test("pages, report streams, rows, downloads and actions' pages of a session are private and not stored", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  const paths = [
    `/revenue?${QUERY}`, "/overview", "/shared-links",
    `/api/reports/revenue?${QUERY}`, `/api/reports/revenue/rows/purchases?${QUERY}`, `/api/export/revenue/kpis?${QUERY}`, "/api/mirror/status",
  ];
  for (const path of paths) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBeLessThan(300);
    const cacheControl = answer.headers()["cache-control"] ?? "";
    expect(cacheControl, path).toMatch(/\bprivate\b/);
    expect(cacheControl, path).toMatch(/\bno-store\b/);
  }
});
