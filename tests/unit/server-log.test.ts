import { afterEach, describe, expect, it, vi } from "vitest";
import { formatLogLine, logAtMostEvery, redact, setLogSink } from "@/lib/log/server-log";
import { failureStatus, reportFailure } from "@/lib/reports/server/report-failure";
import { SalesApiConfigError, SalesApiHttpError, SalesApiSchemaError, SalesApiTransportError } from "@/lib/sales-api/errors";

// Shaped like the sandbox's keys and tokens; none of them may reach a log line.
const API_KEY = "sak_Zx81kPq0LmN4vB7cR2tY9wE5uI3oA6sD";
const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjcmVhdG9yIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg";
const EMAIL = "maria.silva@example.com";

let lines: string[] = [];
setLogSink((line) => lines.push(line));
afterEach(() => {
  lines = [];
});
const lastLine = () => JSON.parse(lines.at(-1) ?? "null") as Record<string, unknown>;

describe("formatLogLine", () => {
  it("is one JSON object with the correlation id, the kind, the route and the status", () => {
    const text = formatLogLine("error", { event: "report_failed", route: "/api/reports/revenue", status: 500, kind: "internal", correlationId: "c0ffee00-1111-4222-8333-444455556666", correlationSource: "ours" }, new Date("2026-06-15T12:00:00Z"));
    expect(text).not.toContain("\n");
    expect(JSON.parse(text)).toEqual({ time: "2026-06-15T12:00:00.000Z", level: "error", event: "report_failed", route: "/api/reports/revenue", status: 500, kind: "internal", correlation_id: "c0ffee00-1111-4222-8333-444455556666", correlation_source: "ours" });
  });

  it("never holds a credential, a token or an e-mail address quoted in a stack", () => {
    const error = new TypeError(`cannot read "x" of ${API_KEY} with Authorization: Bearer ${TOKEN} for ${EMAIL}`);
    const text = formatLogLine("error", { event: "report_failed", kind: "internal", stack: error.stack });
    for (const secret of [API_KEY, TOKEN, EMAIL, "Zx81kPq0LmN4vB7cR2tY9wE5uI3oA6sD"]) expect(text).not.toContain(secret);
    expect(text).toContain("TypeError: cannot read");
    expect(text).toContain("server-log.test.ts"); // the stack's frames are kept
  });

  it("keeps an upstream code only when it looks like a code", () => {
    expect(JSON.parse(formatLogLine("warn", { event: "e", upstreamCode: "rate_limited" })).upstream_code).toBe("rate_limited");
    expect(JSON.parse(formatLogLine("warn", { event: "e", upstreamCode: `bad key ${API_KEY}` })).upstream_code).toBeUndefined();
  });

  it("redacts keys, tokens and e-mail addresses but leaves file paths and snake_case names", () => {
    expect(redact(`key=${API_KEY}`)).toBe("key=[redacted]");
    expect(redact(`Bearer ${TOKEN}`)).toBe("[redacted]");
    expect(redact(`mail ${EMAIL}.`)).toBe("mail [redacted].");
    const frame = "at pull (/work/app/node_modules/@vitest/runner/dist/chunk_artifact.js:302:11)";
    expect(redact(frame)).toBe(frame);
  });
});

describe("reportFailure", () => {
  it("answers a bug of ours (not a SalesApiError) with a 500, our reference, and its stack in the log", () => {
    const bug = new TypeError(`undefined is not a function (${API_KEY})`);
    const { status, failure } = reportFailure(bug, "/api/export/refunds/refunds");
    expect(status).toBe(500);
    expect(failure.kind).toBe("internal");
    expect(failure.title).toBe("Something went wrong on our side");
    expect(failure.correlationId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(`${failure.title} ${failure.action}`).not.toMatch(/TypeError|undefined is not|at /);
    const line = lastLine();
    expect(line).toMatchObject({ level: "error", route: "/api/export/refunds/refunds", status: 500, kind: "internal", correlation_id: failure.correlationId, correlation_source: "ours", error_name: "TypeError" });
    expect(String(line.stack)).toContain("TypeError: undefined is not a function");
    expect(lines.at(-1)).not.toContain(API_KEY);
  });

  it("answers an upstream 5xx with a 502 under the upstream's reference, logging its status and code, never its message", () => {
    const upstream = new SalesApiHttpError(503, "internal_error", `failed for ${EMAIL}`, { correlationId: "up-123" });
    const { status, failure } = reportFailure(upstream, "/api/reports/revenue");
    expect(status).toBe(502);
    expect(failure.correlationId).toBe("up-123");
    expect(lastLine()).toMatchObject({ level: "error", status: 502, kind: "upstream", correlation_id: "up-123", correlation_source: "upstream", upstream_status: 503, upstream_code: "internal_error" });
    expect(lastLine().stack).toBeUndefined();
    expect(lines.at(-1)).not.toContain(EMAIL);
  });

  it("keeps an unreachable upstream a 502 network or timeout, with a reference of ours to find the line", () => {
    for (const [error, kind] of [[new SalesApiTransportError("connection_refused", "connection refused by api.example.com"), "network"], [new SalesApiTransportError("timeout", "no answer within 15000 ms"), "timeout"]] as const) {
      const { status, failure } = reportFailure(error, "/revenue");
      expect(status).toBe(502);
      expect(failure.kind).toBe(kind);
      expect(failure.title).toBe("The Sales API could not be reached");
      expect(lastLine()).toMatchObject({ status: 502, kind, correlation_id: failure.correlationId, correlation_source: "ours" });
    }
  });

  it("logs every other upstream failure too, with its answered status", () => {
    const cases: Array<[unknown, number, string]> = [
      [new SalesApiHttpError(429, "rate_limited", "slow down", { correlationId: "a", retryAfter: "5" }), 429, "rate_limited"],
      [new SalesApiHttpError(401, "invalid_token", "no", { correlationId: "b" }), 401, "invalid_token"],
      [new SalesApiHttpError(403, "forbidden", "no", { correlationId: "c" }), 403, "forbidden"],
      [new SalesApiSchemaError("bad shape", { correlationId: "d" }), 502, "schema"],
      [new SalesApiConfigError("not_configured", "no base URL"), 500, "config"],
    ];
    for (const [error, status, kind] of cases) {
      expect(reportFailure(error, "/api/reports/orders/rows").status).toBe(status);
      expect(lastLine()).toMatchObject({ status, kind, route: "/api/reports/orders/rows" });
    }
    expect(lines).toHaveLength(cases.length);
  });

  it("reads a request the client abandoned as cancelled, logged as info", () => {
    const { status, failure } = reportFailure(new DOMException("The operation was aborted.", "AbortError"), "/api/export/orders");
    expect(failure.kind).toBe("cancelled");
    expect(status).toBe(499);
    expect(lastLine()).toMatchObject({ level: "info", kind: "cancelled" });
  });

  it("reads whatever was thrown after the browser went away as cancelled, Next's ResponseAborted included", () => {
    class ResponseAborted extends Error {
      override name = "ResponseAborted";
    }
    expect(reportFailure(new ResponseAborted(), "/api/reports/revenue").failure.kind).toBe("cancelled");
    expect(reportFailure(new TypeError("reader released"), "/api/reports/revenue", { aborted: true }).failure.kind).toBe("cancelled");
    expect(lastLine()).toMatchObject({ level: "info", kind: "cancelled", error_name: "TypeError" });
    expect(lastLine().stack).toBeUndefined();
  });

  it("maps kinds to statuses", () => {
    expect([failureStatus("internal"), failureStatus("config"), failureStatus("network"), failureStatus("timeout"), failureStatus("upstream"), failureStatus("schema")]).toEqual([500, 500, 502, 502, 502, 502]);
  });
});

describe("logAtMostEvery", () => {
  it("says one line at most every period, and the next once the period is over", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const say = logAtMostEvery(30_000);
      say("warn", { event: "queue_away" });
      vi.advanceTimersByTime(29_999);
      say("warn", { event: "queue_away" });
      expect(lines.map((l) => (JSON.parse(l) as { event: string }).event)).toEqual(["queue_away"]);
      vi.advanceTimersByTime(1);
      say("warn", { event: "queue_back_and_away" });
      expect(lines).toHaveLength(2);
      expect(lastLine()).toMatchObject({ level: "warn", event: "queue_back_and_away" });
      // Each log its own period.
      logAtMostEvery(30_000)("warn", { event: "another" });
      expect(lines).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
