import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rootCertificates } from "node:tls";
import { describe, expect, it } from "vitest";
import { InsecureUrlError, SalesApiConfigError, SalesApiTransportError } from "@/lib/sales-api/errors";
import { buildCaList, readCaFile } from "@/lib/sales-api/tls-dispatcher";
import { assertHttpsBaseUrl, createTransport } from "@/lib/sales-api/transport";
import { toTransportError } from "@/lib/sales-api/transport-errors";

describe("createTransport", () => {
  it.each(["http://api.example.com", "HTTP://127.0.0.1:8443", "ftp://example.com"])("refuses %s before sending anything", (url) => {
    expect(() => createTransport({ baseUrl: url, timeoutMs: 1000 })).toThrow(InsecureUrlError);
  });

  it("explains the refusal", () => {
    expect(() => assertHttpsBaseUrl("http://api.example.com")).toThrow(/only https:\/\/ URLs are allowed/);
    try {
      assertHttpsBaseUrl("http://api.example.com");
    } catch (error) {
      expect(error).toBeInstanceOf(SalesApiConfigError);
      expect((error as InsecureUrlError).code).toBe("insecure_url");
    }
  });

  it("refuses base URLs with credentials or a query", () => {
    expect(() => assertHttpsBaseUrl("https://user:pw@api.example.com")).toThrow(SalesApiConfigError);
    expect(() => assertHttpsBaseUrl("https://api.example.com/?x=1")).toThrow(SalesApiConfigError);
    expect(() => assertHttpsBaseUrl("not a url")).toThrow(SalesApiConfigError);
  });

  it("refuses paths that would leave the origin", async () => {
    const transport = createTransport({ baseUrl: "https://api.example.com", timeoutMs: 1000 });
    await expect(transport.request({ path: "//evil.example/api" })).rejects.toThrow(SalesApiConfigError);
    await expect(transport.request({ path: "api/v1/health" })).rejects.toThrow(SalesApiConfigError);
  });
});

describe("extra CA", () => {
  it("keeps the system roots and adds the extra certificate", () => {
    const list = buildCaList("EXTRA");
    expect(list).toHaveLength(rootCertificates.length + 1);
    expect(list.slice(0, -1)).toEqual([...rootCertificates]);
    expect(list.at(-1)).toBe("EXTRA");
  });

  it("reports an unreadable or non-PEM CA file", () => {
    const dir = mkdtempSync(join(tmpdir(), "salesdash-ca-"));
    const notPem = join(dir, "not.pem");
    writeFileSync(notPem, "hello");
    expect(() => readCaFile(join(dir, "missing.pem"))).toThrow(/Cannot read SALES_API_CA_FILE/);
    expect(() => readCaFile(notPem)).toThrow(/holds no PEM certificate/);
  });
});

describe("toTransportError", () => {
  const context = { url: new URL("https://127.0.0.1:8443/api/v1/health"), timeoutMs: 1500 };
  const fetchFailed = (cause: object) => Object.assign(new TypeError("fetch failed"), { cause });

  it.each([
    [new DOMException("signal timed out", "TimeoutError"), "timeout", /within 1500 ms/],
    [fetchFailed({ code: "ECONNREFUSED", message: "connect ECONNREFUSED" }), "connection_refused", /connection refused by 127.0.0.1:8443/],
    [fetchFailed({ code: "ENOTFOUND" }), "dns", /host not found/],
    [fetchFailed({ code: "DEPTH_ZERO_SELF_SIGNED_CERT" }), "tls", /SALES_API_CA_FILE/],
    [fetchFailed({ code: "ERR_TLS_CERT_ALTNAME_INVALID" }), "tls", /not trusted/],
    [fetchFailed({ errors: [{ code: "ECONNREFUSED" }] }), "connection_refused", /refused/],
    [fetchFailed({ message: "unexpected redirect" }), "redirect", /redirect/],
    [fetchFailed({ code: "ECONNRESET", message: "socket hang up" }), "network", /socket hang up|ECONNRESET|network/],
  ])("classifies %#", (error, code, message) => {
    const mapped = toTransportError(error, context);
    expect(mapped).toBeInstanceOf(SalesApiTransportError);
    expect(mapped.code).toBe(code);
    expect(mapped.message).toMatch(message);
  });
});
