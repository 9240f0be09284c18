// Issue #14, CSV: every panel of every report has its CSV, every report a "Download all (ZIP)",
// and a download that fails shows a page a person reads, with the reference, not raw JSON.
import { unzipSync, strFromU8 } from "fflate";
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "./support/test";
import { groundTruth } from "../../sandbox/ground-truth";
import { setSandboxControls } from "./support/sandbox";
import { SANDBOX_NOW, sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();
const RANGE = "from=2026-05-01&to=2026-05-31&compare=previous&tz=UTC";

const PANEL_FILES: Record<string, string[]> = {
  orders: ["orders", "kpis", "series", "milestones", "carriers", "suppliers", "delivery-times"],
  abandonment: ["carts", "kpis", "series", "recovered-series", "funnel", "funnel-offer", "funnel-version", "funnel-mode", "declines", "decline-matrix", "approval-rates", "attempts", "by-offer", "by-product", "by-country-state", "heatmap", "recovery"],
  refunds: ["refunds", "chargebacks", "kpis", "days-to-refund", "breakdown-product", "breakdown-offer", "breakdown-purchaseType", "breakdown-paymentMethod", "breakdown-psp"],
};

async function openReport(page: Page, report: string) {
  await page.goto(`/${report}?${RANGE}`);
  await expect(page.getByTestId("report-body")).toHaveAttribute("data-state", "current", { timeout: 60_000 });
}

const rowsOf = (bytes: Uint8Array) => parse(strFromU8(bytes), { bom: true, columns: true }) as Array<Record<string, string>>;

for (const [report, files] of Object.entries(PANEL_FILES)) {
  test(`${report}: every panel's CSV link answers a CSV, and Download all zips one file per dataset`, async ({ page }) => {
    await signIn(page, creds.creator, "A");
    await openReport(page, report);
    const links = page.locator('[data-testid^="csv-"]');
    expect(await links.count()).toBeGreaterThan(2);
    for (const href of new Set(await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute("href")!)))) {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()["content-type"], href).toContain("text/csv");
    }
    const zip = await page.request.get((await page.getByTestId("download-all").getAttribute("href"))!);
    expect(zip.status()).toBe(200);
    const entries = unzipSync(new Uint8Array(await zip.body()));
    // File names: account_report-dataset_from_to_to.csv (lower case).
    const names = Object.keys(entries);
    const named = (file: string) => names.find((n) => n.toLowerCase().includes(`_${report}-${file}_2026-05-01_`.toLowerCase()));
    for (const file of files) expect(named(file), `${report}-${file} in ${names.join(", ")}`).toBeDefined();

    // One file's content against the ground truth.
    const entry = (file: string) => entries[named(file)!]!;
    if (report === "orders") {
      const orders = groundTruth({ now: SANDBOX_NOW }, "creator", "orders", "2026-05-01", "2026-06-01");
      const delivered = orders.filter((o) => o.lastTrackingMilestone === "delivered").length;
      expect(rowsOf(entry("milestones")).find((r) => r.key === "delivered")?.count).toBe(String(delivered));
    } else if (report === "abandonment") {
      const carts = groundTruth({ now: SANDBOX_NOW }, "creator", "abandoned-carts", "2026-05-01", "2026-06-01");
      expect(rowsOf(entry("heatmap")).reduce((sum, r) => sum + Number(r.carts), 0)).toBe(carts.length);
    } else {
      const refunded = groundTruth({ now: SANDBOX_NOW }, "creator", "purchases", "2026-05-01", "2026-06-01").filter((p) => p.currency === "brl" && Number(p.amountRefunded) > 0);
      expect(rowsOf(entry("kpis")).find((r) => r.currency === "brl")?.refunds).toBe(String(refunded.length));
    }
  });
}

test("a download that fails shows a page with what happened and the reference, and the way back", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  await setSandboxControls({ errorRate5xx: 1 });
  try {
    // A range no test has read, so the mirror cannot answer it.
    const response = await page.goto("/api/export/orders/kpis?from=2025-02-01&to=2025-02-28&compare=none");
    expect(response?.status()).toBeGreaterThanOrEqual(500);
    expect(response?.headers()["content-type"]).toContain("text/html");
    await expect(page.getByRole("heading", { name: "The download could not be made" })).toBeVisible();
    await expect(page.getByTestId("download-reference")).toHaveText(/\S{8,}/);
    await expect(page.locator("body")).not.toContainText("{\"error\"");
    await expect(page.getByRole("link", { name: "Back to the report" })).toHaveAttribute("href", "/orders?from=2025-02-01&to=2025-02-28&compare=none");
  } finally {
    await setSandboxControls({ errorRate5xx: 0 });
  }
  // A script asking for JSON still gets the error body.
  const unknown = await page.request.get("/api/export/orders/nope?from=2026-05-01&to=2026-05-31");
  expect(unknown.status()).toBe(404);
  expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("not_found");
});
