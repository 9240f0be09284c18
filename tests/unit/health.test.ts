import { Headers } from "undici";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SalesApiTransportError } from "@/lib/sales-api/errors";
import { getUpstreamHealth } from "@/lib/sales-api/health";
import type { Transport, UpstreamResponse } from "@/lib/sales-api/transport";

function fakeTransport(answer: Partial<UpstreamResponse> | Error): Transport {
  return {
    baseUrl: "https://api.example.com",
    request: async () => {
      if (answer instanceof Error) throw answer;
      const status = answer.status ?? 200;
      return { status, ok: status < 300, headers: new Headers(), correlationId: null, body: null, ...answer };
    },
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("getUpstreamHealth", () => {
  it("is operational when the upstream says ok", async () => {
    const health = await getUpstreamHealth({
      transport: fakeTransport({ body: { status: "ok", version: "1.0.0", time: "2026-06-15T12:00:00Z" }, correlationId: "c-1" }),
    });
    expect(health).toMatchObject({ state: "operational", version: "1.0.0", correlationId: "c-1" });
  });

  it("is degraded when the upstream reports another status", async () => {
    expect(await getUpstreamHealth({ transport: fakeTransport({ body: { status: "maintenance" } }) })).toEqual({
      state: "degraded",
      status: "maintenance",
      correlationId: null,
    });
  });

  it("reads the error envelope of a failed answer", async () => {
    const health = await getUpstreamHealth({
      transport: fakeTransport({
        status: 503,
        body: { error: { code: "internal_error", message: "try later", correlation_id: "c-9" } },
      }),
    });
    expect(health).toEqual({ state: "unreachable", code: "internal_error", reason: "HTTP 503: try later", httpStatus: 503, correlationId: "c-9" });
  });

  it("reports transport failures", async () => {
    const health = await getUpstreamHealth({
      transport: fakeTransport(new SalesApiTransportError("connection_refused", "connection refused by api.example.com")),
    });
    expect(health).toMatchObject({ state: "unreachable", reason: "connection refused by api.example.com" });
  });

  it("flags an unexpected body", async () => {
    expect(await getUpstreamHealth({ transport: fakeTransport({ body: "<html>" }) })).toMatchObject({
      state: "unreachable",
      code: "unexpected_response",
    });
  });

  it("is not configured without SALES_API_BASE_URL", async () => {
    vi.stubEnv("SALES_API_BASE_URL", "");
    vi.resetModules();
    const { getUpstreamHealth: fresh } = await import("@/lib/sales-api/health");
    expect(await fresh()).toEqual({ state: "not_configured" });
  });
});
