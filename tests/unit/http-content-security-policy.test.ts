import { afterEach, describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce } from "@/lib/http/content-security-policy";
import { logCspViolations, parseCspReports } from "@/lib/http/csp-report";
import { setLogSink, type LogSink } from "@/lib/log/server-log";

const directive = (policy: string, name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `)) ?? "";

describe("contentSecurityPolicy", () => {
  it("allows scripts by nonce and 'strict-dynamic' only, never inline, and no <base>", () => {
    const nonce = newNonce();
    const policy = contentSecurityPolicy(nonce);
    expect(directive(policy, "script-src")).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(directive(policy, "base-uri")).toBe("base-uri 'none'");
    expect(directive(policy, "report-to")).toBe("report-to csp");
    expect(directive(policy, "report-uri")).toBe("report-uri /api/csp-report");
    expect(contentSecurityPolicy(nonce, { dev: true })).toContain("'unsafe-eval'");
  });

  it("makes a new unguessable nonce each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
  });
});

describe("CSP violation reports", () => {
  let previous: LogSink | undefined;
  afterEach(() => {
    if (previous) setLogSink(previous);
  });

  it("reads both formats, and logs the directive, the blocked origin and the page with a share token masked", () => {
    const token = "A".repeat(43);
    const violations = [
      ...parseCspReports([{ type: "csp-violation", url: "x", body: { effectiveDirective: "script-src-elem", blockedURL: "https://evil.example/x.js?key=secret", documentURL: `http://127.0.0.1:3000/s/${token}?a=1` } }, { type: "deprecation", body: {} }]),
      ...parseCspReports({ "csp-report": { "violated-directive": "script-src-elem 'self'", "blocked-uri": "inline", "document-uri": "http://127.0.0.1:3000/revenue?from=2026-01-01" } }),
    ];
    expect(violations).toEqual([
      { directive: "script-src-elem", blocked: "https://evil.example", page: "/s/[token]" },
      { directive: "script-src-elem", blocked: "inline", page: "/revenue" },
    ]);
    const lines: string[] = [];
    previous = setLogSink((line) => lines.push(line));
    logCspViolations(violations);
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([
      { level: "warn", event: "csp_violation", directive: "script-src-elem", blocked: "https://evil.example", route: "/s/[token]" },
      { event: "csp_violation", blocked: "inline", route: "/revenue" },
    ]);
    expect(lines.join("\n")).not.toContain("secret");
    expect(lines.join("\n")).not.toContain(token);
  });

  it("reads nothing from anything else", () => {
    expect(parseCspReports(null)).toEqual([]);
    expect(parseCspReports({ hello: 1 })).toEqual([]);
    expect(parseCspReports([1, "x", { type: "csp-violation" }])).toEqual([]);
    expect(parseCspReports([{ type: "csp-violation", body: { effectiveDirective: "<script>" } }])).toEqual([{ directive: "other", blocked: "unknown", page: "unknown" }]);
  });
});

describe("POST /api/csp-report", () => {
  it("logs a posted violation and answers 204; refuses a body over 64 KB", async () => {
    const { POST } = await import("@/app/api/csp-report/route");
    const lines: string[] = [];
    const previous = setLogSink((line) => lines.push(line));
    try {
      const report = { "csp-report": { "effective-directive": "script-src-elem", "blocked-uri": "inline", "document-uri": "http://127.0.0.1:3000/revenue" } };
      const answer = await POST(new Request("http://127.0.0.1:3000/api/csp-report", { method: "POST", headers: { "content-type": "application/csp-report" }, body: JSON.stringify(report) }));
      expect(answer.status).toBe(204);
      expect(lines.map((line) => JSON.parse(line))).toMatchObject([{ event: "csp_violation", directive: "script-src-elem", blocked: "inline", route: "/revenue" }]);
      const big = await POST(new Request("http://127.0.0.1:3000/api/csp-report", { method: "POST", body: "x".repeat(70 * 1024) }));
      expect(big.status).toBe(413);
      expect(lines).toHaveLength(1);
    } finally {
      setLogSink(previous);
    }
  });
});
