import { describe, expect, it } from "vitest";
import { safeCallbackPath, safeRedirectUrl } from "@/lib/auth/safe-callback";

const ORIGIN = "https://salesdash.example";

/** Where a browser would go if sent to `path` from a page of this site. */
function landsOn(path: string): string {
  return new URL(path, `${ORIGIN}/sign-in`).origin;
}

describe("safeCallbackPath", () => {
  it.each(["/revenue", "/orders", "/", "/orders?from=2026-03-01&to=2026-03-07", "/orders#top", "/a/b/c", "/revenue?from=2026-01-01&to=2026-01-31", "/orders#x", "/revenue?tz=America%2FSao_Paulo", "/revenue?product=Sourdough%20Masterclass", "/revenue?product=100%25%20off", "/revenue?offer=a%2F%2Fb#c%20d"])(
    "keeps the same-site path %j",
    (path) => {
      expect(safeCallbackPath(path)).toBe(path);
      expect(landsOn(path)).toBe(ORIGIN);
    },
  );

  it.each([
    ["a protocol-relative URL", "//evil.com"],
    ["a protocol-relative URL with a path", "//evil.com/revenue"],
    ["an absolute URL", "https://evil.com"],
    ["an absolute URL to this site", `${ORIGIN}/revenue`],
    ["a backslash after the slash", "/\\evil.com"],
    ["two backslashes", "\\\\evil.com"],
    ["a backslash then a slash", "\\/evil.com"],
    ["a slash then two backslashes", "/\\\\evil.com"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["a bare host", "evil.com"],
    ["a relative path", "revenue"],
    ["a leading space", " /revenue"],
    ["the empty string", ""],
  ])("refuses %s", (_label, value) => {
    expect(safeCallbackPath(value)).toBe("/overview");
  });

  it("falls back to /overview when there is no value", () => {
    expect(safeCallbackPath(undefined)).toBe("/overview");
  });

  it("uses the given fallback", () => {
    expect(safeCallbackPath("//evil.com", "/orders")).toBe("/orders");
    expect(safeCallbackPath(undefined, "/orders")).toBe("/orders");
  });

  it("takes the first of several values", () => {
    expect(safeCallbackPath(["/orders", "//evil.com"])).toBe("/orders");
    expect(safeCallbackPath(["//evil.com", "/orders"])).toBe("/overview");
    expect(safeCallbackPath(["https://evil.com"])).toBe("/overview");
  });

  it("falls back for an empty array", () => {
    expect(safeCallbackPath([])).toBe("/overview");
  });

  it("never returns anything that leaves the site, for the classic open-redirect inputs", () => {
    const inputs = ["//evil.com", "https://evil.com", "/\\evil.com", "\\\\evil.com", "///evil.com", "/\\/evil.com", "https:evil.com", "//%09/evil.com"];
    for (const input of inputs) expect(landsOn(safeCallbackPath(input)), input).toBe(ORIGIN);
  });

  // Regression guard, once a bug (lib/auth/safe-callback.ts:4): browsers (the WHATWG URL parser) delete tabs and
  // newlines anywhere in a URL, so "/\t/evil.com" passes the "//" check but is followed as
  // "//evil.com" — an open redirect via app/(auth)/sign-in/page.tsx's redirect(callbackPath).
  it("refuses paths that become protocol-relative once a browser drops tabs and newlines", () => {
    for (const input of ["/\t/evil.com", "/\n/evil.com", "/\r\n/evil.com", "\t//evil.com"]) {
      expect(landsOn(safeCallbackPath(input)), JSON.stringify(input)).toBe(ORIGIN);
    }
  });

  // Issue #10 point 3: "/sign-in?callbackUrl=/.//evil.example" sent the user to another site.
  // Each of these must map to the fallback, and whatever comes back must stay on this site.
  const HOSTILE: [string, string][] = [
    ["dot segment then two slashes", "/.//evil.example"],
    ["dot-dot segment then two slashes", "/..//evil.example"],
    ["several dot segments", "/././/evil.example"],
    ["dot segment after a path", "/revenue/..//evil.example"],
    ["encoded dot segment", "/%2e//evil.example"],
    ["encoded dot-dot segment", "/%2e%2e//evil.example"],
    ["encoded slash after the slash", "/%2F/evil.example"],
    ["lower-case encoded slash", "/%2f%2fevil.example"],
    ["encoded slashes only", "/%2F%2Fevil.example"],
    ["double-encoded slash", "/%252F%252Fevil.example"],
    ["triple-encoded slash", "/%25252F/evil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["lower-case encoded backslash", "/%5cevil.example"],
    ["double-encoded backslash", "/%255Cevil.example"],
    ["a backslash later in the path", "/revenue\\..\\evil"],
    ["encoded tab between slashes", "/%09/evil.example"],
    ["encoded newline between slashes", "/%0A/evil.example"],
    ["encoded carriage return", "/%0D/evil.example"],
    ["encoded NUL", "/%00/evil.example"],
    ["raw NUL", "/\u0000/evil.example"],
    ["raw DEL", "/\u007f/evil.example"],
    ["a C1 control", "/\u0085/evil.example"],
    ["a trailing space", "/revenue "],
    ["a space inside", "/re venue"],
    ["an encoded space", "/%20/evil.example"],
    ["a no-break space", "/\u00a0/evil.example"],
    ["an ideographic space", "/\u3000/evil.example"],
    ["a zero-width space", "/\u200b/evil.example"],
    ["a line separator", "/\u2028/evil.example"],
    ["a byte-order mark", "\ufeff//evil.example"],
    ["three slashes", "///evil.example"],
    ["four slashes", "////evil.example"],
    ["a protocol-relative URL with credentials", "//user@evil.example"],
    ["https URL", "https://evil.example/revenue"],
    ["scheme-relative http", "http:evil.example"],
    ["upper-case scheme", "HTTPS://evil.example"],
    ["javascript: URL", "javascript:alert(document.domain)"],
    ["encoded javascript: URL", "javascript%3Aalert(1)"],
    ["vbscript: URL", "vbscript:msgbox(1)"],
    ["data: URL", "data:text/html;base64,PHNjcmlwdD4="],
    ["a stray percent sign", "/%"],
    ["a broken escape", "/%E0%A4%A"],
    ["deeply nested encoding", "/%2525252525252F"],
    ["an encoded at sign with slashes", "/%2F%2Fuser%40evil.example"],
    ["a very long value", `/${"a".repeat(5000)}`],
  ];

  it.each(HOSTILE)("maps %s to the fallback", (_label, value) => {
    expect(safeCallbackPath(value)).toBe("/overview");
  });

  it("has at least 30 hostile forms in its table", () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
  });

  it("never returns a path a browser could read as another origin", () => {
    for (const [, value] of HOSTILE) {
      const path = safeCallbackPath(value);
      expect(path.startsWith("//") || path.startsWith("/\\"), value).toBe(false);
      expect(landsOn(path), value).toBe(ORIGIN);
      // Also where a server that decodes it once more would send it.
      expect(landsOn(decodeURIComponent(path)), value).toBe(ORIGIN);
    }
  });

  it("normalises benign dot segments and still returns a same-site path", () => {
    expect(safeCallbackPath("/a/./b/../orders?x=1#y")).toBe("/a/orders?x=1#y");
    expect(safeCallbackPath("/..")).toBe("/");
  });
});

describe("safeRedirectUrl (next-auth's redirect callback)", () => {
  const BASE = "http://127.0.0.1:3100";

  it("keeps same-site paths and absolute URLs on this dashboard", () => {
    expect(safeRedirectUrl("/sign-in", BASE)).toBe(`${BASE}/sign-in`);
    expect(safeRedirectUrl(`${BASE}/orders?from=2026-01-01#x`, BASE)).toBe(`${BASE}/orders?from=2026-01-01#x`);
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/.//evil.example",
    `${BASE}/.//evil.example`,
    `${BASE}//evil.example`,
    "http://127.0.0.1:3101/revenue",
    "javascript:alert(1)",
    "not a url",
  ])("sends %j to the fallback on this dashboard", (url) => {
    const target = safeRedirectUrl(url, BASE);
    expect(target).toBe(`${BASE}/overview`);
  });
});

