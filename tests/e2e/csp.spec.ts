// The Content-Security-Policy as a browser meets it: scripts allowed by a nonce of each
// response and 'strict-dynamic', never 'unsafe-inline'; no <base>; violations reported to an
// endpoint. The pages must work under it: no violation while the landing page, sign-in, a
// report and the Overview load and hydrate.
import { expect, test, type Page } from "./support/test";
import { sandboxCredentials, signIn } from "./support/session";

const creds = sandboxCredentials();
const directive = (policy: string, name: string) => policy.split(/;\s*/).find((part) => part.startsWith(`${name} `)) ?? "";
const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(directive(policy, "script-src"))?.[1];

async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) console.push(message.text());
  });
  // An init script is not subject to the page's policy: it sees every violation of the page's own.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

test("every page's policy allows scripts by a nonce of that response only, and no <base>", async ({ request }) => {
  const nonces = new Set<string>();
  for (const path of ["/", "/sign-in", "/", "/sign-in"]) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const policy = response.headers()["content-security-policy"] ?? "";
    const scripts = directive(policy, "script-src");
    expect(scripts).toContain("'strict-dynamic'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(directive(policy, "base-uri")).toBe("base-uri 'none'");
    expect(directive(policy, "report-to")).toBe("report-to csp");
    expect(response.headers()["reporting-endpoints"]).toBe('csp="/api/csp-report"');
    const nonce = nonceOf(policy);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    // The page's scripts carry that response's nonce: the page was rendered for this request.
    const html = await response.text();
    const tags = html.match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    nonces.add(nonce!);
  }
  expect(nonces.size).toBe(4);
});

test("the landing page, sign-in, a report and the Overview load and work with no violation", async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto("/");
  await expect(page.getByRole("status").filter({ hasText: "Upstream" })).toHaveText("Upstream: operational");
  expect(await violations()).toEqual([]);

  // Signing in goes through the sign-in page's client code and a server action.
  await signIn(page, creds.creator, "A");
  expect(await violations()).toEqual([]);
  // A client-side navigation (chunks loaded by trusted scripts: 'strict-dynamic').
  await page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Overview" }).click();
  await page.waitForURL((url) => url.pathname === "/overview");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("a script injected into a page's HTML without the nonce does not run, and is reported", async ({ page }) => {
  const violations = await recordViolations(page);
  // What a markup injection would give: the page as served, with its policy, plus a script tag.
  await page.route("**/sign-in", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace("</body>", "<script>window.__injected = true</script></body>");
    await route.fulfill({ response, body: html });
  });
  await page.goto("/sign-in");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(await page.evaluate(() => Boolean((window as unknown as { __injected?: boolean }).__injected))).toBe(false);
  await expect.poll(violations).toContainEqual(expect.stringMatching(/^script-src-elem inline$/));
});

test("the report endpoint takes both report formats", async ({ request }) => {
  const reportTo = await request.post("/api/csp-report", {
    headers: { "content-type": "application/reports+json" },
    data: JSON.stringify([{ type: "csp-violation", url: "http://x/", body: { effectiveDirective: "script-src-elem", blockedURL: "inline", documentURL: "http://127.0.0.1/sign-in" } }]),
  });
  expect(reportTo.status()).toBe(204);
  const reportUri = await request.post("/api/csp-report", {
    headers: { "content-type": "application/csp-report" },
    data: JSON.stringify({ "csp-report": { "violated-directive": "script-src-elem", "blocked-uri": "inline", "document-uri": "http://127.0.0.1/sign-in" } }),
  });
  expect(reportUri.status()).toBe(204);
  expect((await request.post("/api/csp-report", { data: "x".repeat(70 * 1024) })).status()).toBe(413);
});
