import { describe, expect, it } from "vitest";
import {
  errorKind,
  InsecureUrlError,
  SalesApiConfigError,
  SalesApiError,
  SalesApiHttpError,
  SalesApiRangeError,
  SalesApiSchemaError,
  SalesApiTransportError,
  type SalesApiTransportErrorCode,
} from "@/lib/sales-api/errors";

const http = (status: number, code = "some_code") => new SalesApiHttpError(status, code, `HTTP ${status}`, { correlationId: "corr-1" });

describe("errorKind", () => {
  describe("HTTP answers", () => {
    it.each([400, 405, 409, 413, 422])("reads %i as an invalid request", (status) => {
      expect(errorKind(http(status))).toBe("invalid_request");
    });

    it("reads 401 as an invalid token", () => {
      expect(errorKind(http(401))).toBe("invalid_token");
    });

    it("reads 403 as forbidden", () => {
      expect(errorKind(http(403))).toBe("forbidden");
    });

    it("reads 404 as not found", () => {
      expect(errorKind(http(404))).toBe("not_found");
    });

    it("reads 429 as rate limited", () => {
      expect(errorKind(http(429))).toBe("rate_limited");
    });

    it.each([500, 502, 503, 504, 599])("reads %i as an upstream failure", (status) => {
      expect(errorKind(http(status))).toBe("upstream");
    });

    it("decides by the status, not the upstream's code", () => {
      expect(errorKind(http(503, "rate_limited"))).toBe("upstream");
      expect(errorKind(http(429, "internal_error"))).toBe("rate_limited");
    });
  });

  it("reads a schema error as schema", () => {
    expect(errorKind(new SalesApiSchemaError("bad shape", { correlationId: null }))).toBe("schema");
  });

  it("reads a range error as an invalid request", () => {
    expect(errorKind(new SalesApiRangeError("from after to"))).toBe("invalid_request");
  });

  it("reads a transport timeout as timeout", () => {
    expect(errorKind(new SalesApiTransportError("timeout", "no answer within 1000 ms"))).toBe("timeout");
  });

  it.each<SalesApiTransportErrorCode>(["network", "tls", "dns", "connection_refused", "redirect"])("reads the transport failure %s as network", (code) => {
    expect(errorKind(new SalesApiTransportError(code, "failed"))).toBe("network");
  });

  it.each<SalesApiConfigError>([
    new SalesApiConfigError("not_configured", "no key"),
    new SalesApiConfigError("ca_file_unreadable", "no CA"),
    new InsecureUrlError("http://api.example.com"),
  ])("reads the configuration error $code as config", (error) => {
    expect(errorKind(error)).toBe("config");
  });

  // A bug of ours is not "the Sales API could not be reached": transport failures arrive as
  // SalesApiTransportError, so anything else was thrown by our own code.
  it("reads anything else as internal", () => {
    expect(errorKind(new TypeError("x is not a function"))).toBe("internal");
    expect(errorKind(new RangeError("Invalid time value"))).toBe("internal");
    expect(errorKind(new Error("csvColumns: a CSV needs at least one column"))).toBe("internal");
    expect(errorKind(new SalesApiError("other", "other"))).toBe("internal");
    expect(errorKind("a string")).toBe("internal");
    expect(errorKind(undefined)).toBe("internal");
  });

  it("reads a request the caller abandoned as cancelled", () => {
    expect(errorKind(new DOMException("This operation was aborted", "AbortError"))).toBe("cancelled");
    const controller = new AbortController();
    controller.abort();
    expect(errorKind(controller.signal.reason)).toBe("cancelled");
  });
});

describe("error classes", () => {
  it("carry status, code, correlation id and Retry-After", () => {
    const error = new SalesApiHttpError(429, "rate_limited", "slow down", { correlationId: "abc", retryAfter: "5" });
    expect(error).toBeInstanceOf(SalesApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: "SalesApiHttpError", status: 429, code: "rate_limited", message: "slow down", correlationId: "abc", retryAfter: "5" });
    expect(http(500).retryAfter).toBeNull();
  });

  it("default the correlation id to null and keep the cause", () => {
    const cause = new Error("ECONNRESET");
    const error = new SalesApiTransportError("network", "reset", { cause });
    expect(error.correlationId).toBeNull();
    expect(error.cause).toBe(cause);
    expect(error.name).toBe("SalesApiTransportError");
  });

  it("name the refused URL and explain the refusal", () => {
    const error = new InsecureUrlError("http://api.example.com");
    expect(error).toBeInstanceOf(SalesApiConfigError);
    expect(error.code).toBe("insecure_url");
    expect(error.url).toBe("http://api.example.com");
    expect(error.message).toContain("only https:// URLs are allowed");
  });

  it("give schema and range errors their codes", () => {
    expect(new SalesApiSchemaError("x", { correlationId: "c" })).toMatchObject({ code: "schema", correlationId: "c", name: "SalesApiSchemaError" });
    expect(new SalesApiRangeError("x")).toMatchObject({ code: "invalid_range", name: "SalesApiRangeError" });
  });
});
