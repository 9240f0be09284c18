import { expect, test } from "./support/test";

test("the landing page names the product and reaches the sandbox over HTTPS", async ({ page }) => {
  const cspViolations: string[] = [];
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) cspViolations.push(message.text());
  });

  await page.goto("/");

  await expect(page).toHaveTitle("Salesdash");
  await expect(page.getByRole("heading", { level: 1, name: "Salesdash" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in");
  // Only possible if the server trusts the sandbox's self-signed CA (SALES_API_CA_FILE).
  await expect(page.getByRole("status").filter({ hasText: "Upstream" })).toHaveText("Upstream: operational");
  expect(cspViolations).toEqual([]);
});

test("responses carry the security headers", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const headers = response.headers();

  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  // `next start` is a production server, so HSTS is on.
  expect(headers["strict-transport-security"]).toMatch(/max-age=\d+/);
  expect(headers["x-powered-by"]).toBeUndefined();
});
