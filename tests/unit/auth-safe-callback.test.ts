import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "@/lib/auth/safe-callback";

const ORIGIN = "https://salesdash.example";

/** Where a browser would go if sent to `path` from a page of this site. */
function landsOn(path: string): string {
  return new URL(path, `${ORIGIN}/sign-in`).origin;
}

describe("safeCallbackPath", () => {
  it.each(["/revenue", "/orders", "/", "/orders?from=2026-03-01&to=2026-03-07", "/orders#top", "/a/b/c", "/%2F%2Fevil.com"])(
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
    expect(safeCallbackPath(value)).toBe("/revenue");
  });

  it("falls back to /revenue when there is no value", () => {
    expect(safeCallbackPath(undefined)).toBe("/revenue");
  });

  it("uses the given fallback", () => {
    expect(safeCallbackPath("//evil.com", "/orders")).toBe("/orders");
    expect(safeCallbackPath(undefined, "/orders")).toBe("/orders");
  });

  it("takes the first of several values", () => {
    expect(safeCallbackPath(["/orders", "//evil.com"])).toBe("/orders");
    expect(safeCallbackPath(["//evil.com", "/orders"])).toBe("/revenue");
    expect(safeCallbackPath(["https://evil.com"])).toBe("/revenue");
  });

  it("falls back for an empty array", () => {
    expect(safeCallbackPath([])).toBe("/revenue");
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
});
