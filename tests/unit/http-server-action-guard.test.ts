import { describe, expect, it } from "vitest";
import { SERVER_ACTION_BODY_LIMIT_BYTES, serverActionRefusal } from "@/lib/http/server-action-guard";

const PUBLIC_URL = "https://dash.example.com";
const post = (headers: Record<string, string>, pathname = "/revenue") => ({ method: "POST", pathname, headers: new Headers({ "next-action": "abc123", "content-length": "20", ...headers }) });
const codeOf = (request: ReturnType<typeof post>, publicUrl: string | null = PUBLIC_URL) => serverActionRefusal(request, publicUrl ?? undefined)?.failure.code ?? null;

describe("serverActionRefusal", () => {
  it("lets a page's own action through", () => {
    expect(codeOf(post({ origin: PUBLIC_URL }))).toBeNull();
    expect(codeOf(post({ origin: PUBLIC_URL, "content-length": String(SERVER_ACTION_BODY_LIMIT_BYTES) }))).toBeNull();
  });

  it("refuses a missing, opaque or foreign Origin with 403", () => {
    for (const origin of [undefined, "null", "https://evil.example", "http://dash.example.com", "https://dash.example.com.evil.example", "not a url"]) {
      const refusal = serverActionRefusal(post(origin === undefined ? {} : { origin }), PUBLIC_URL);
      expect(refusal?.status, String(origin)).toBe(403);
      expect(refusal?.failure.code).toBe("foreign_origin");
    }
  });

  it("compares with the request's Host when NEXTAUTH_URL is not set", () => {
    expect(codeOf(post({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }), null)).toBeNull();
    expect(codeOf(post({ origin: "http://evil.example", host: "127.0.0.1:3000" }), null)).toBe("foreign_origin");
    expect(codeOf(post({ origin: "http://127.0.0.1:3000" }), null)).toBe("foreign_origin");
  });

  it("accepts the address the page was opened at even when NEXTAUTH_URL names another (localhost vs 127.0.0.1)", () => {
    expect(codeOf(post({ origin: "http://127.0.0.1:3001", host: "127.0.0.1:3001" }), "http://localhost:3001")).toBeNull();
    expect(codeOf(post({ origin: "http://evil.example", host: "127.0.0.1:3001" }), "http://localhost:3001")).toBe("foreign_origin");
    expect(codeOf(post({ origin: "http://127.0.0.1:3001", host: "localhost:3001" }), "http://localhost:3001")).toBe("foreign_origin");
  });

  it("refuses a body over the limit (413) or of no declared length (411) before anything reads it", () => {
    const big = serverActionRefusal(post({ origin: PUBLIC_URL, "content-length": String(5 * 1024 * 1024) }), PUBLIC_URL);
    expect(big).toMatchObject({ status: 413, failure: { code: "payload_too_large" } });
    const unsized = post({ origin: PUBLIC_URL });
    unsized.headers.delete("content-length");
    expect(serverActionRefusal(unsized, PUBLIC_URL)).toMatchObject({ status: 411, failure: { code: "length_required" } });
  });

  it("guards every POST to a page (a form without JavaScript has no Next-Action header), never GETs or the route handlers", () => {
    const form = post({ origin: "https://evil.example" });
    form.headers.delete("next-action");
    expect(codeOf(form)).toBe("foreign_origin");
    expect(serverActionRefusal({ method: "GET", pathname: "/revenue", headers: new Headers() }, PUBLIC_URL)).toBeNull();
    expect(serverActionRefusal({ method: "POST", pathname: "/api/csp-report", headers: new Headers() }, PUBLIC_URL)).toBeNull();
  });
});
