// HTTPS only, the trusted certificate, correlation ids and the error envelope.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, fetch } from "undici";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "../support/sandbox-process";

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW])));
afterAll(async () => sb?.stop());

const window = "from=2026-06-01&to=2026-06-02";

describe("transport", () => {
  it("answers over HTTPS when the sandbox certificate is trusted as an extra CA", async () => {
    const res = await sb.json("/api/v1/health");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", version: "1.0.0" });
  });

  it("fails a TLS client that does not trust the certificate (verification stays on)", async () => {
    const strict = new Agent();
    await expect(fetch(`${sb.creds.baseUrl}/api/v1/health`, { dispatcher: strict })).rejects.toThrow();
    await strict.close();
  });

  it("fails a plain-HTTP request to its port", async () => {
    const { port } = new URL(sb.creds.baseUrl);
    const outcome = await new Promise<string>((resolve) => {
      const req = http.get({ host: "127.0.0.1", port: Number(port), path: "/api/v1/health", timeout: 5000 }, (res) => resolve(`status ${res.statusCode}`));
      req.on("error", (e) => resolve(`error ${e.message}`));
      req.on("timeout", () => { req.destroy(); resolve("error timeout"); });
    });
    expect(outcome).toMatch(/^error/);
  });

  it("writes a certificate PEM under the data directory and names it in the credentials file", () => {
    expect(sb.creds.caFile.startsWith(sb.dataDir)).toBe(true);
    expect(sb.ca).toContain("-----BEGIN CERTIFICATE-----");
    expect(sb.ca).not.toContain("PRIVATE KEY");
  });
});

describe("correlation ids and the error envelope", () => {
  it("puts a unique x-correlation-id on every response, success or not", async () => {
    const ids = new Set<string>();
    const responses = [
      await sb.request(`/api/v1/purchases?${window}`, { token: sb.creds.creator.apiKey }),
      await sb.request(`/api/v1/purchases?${window}`, { token: sb.creds.creator.apiKey }),
      await sb.request(`/api/v1/purchases?${window}`),
      await sb.request("/api/v1/health"),
      await sb.request("/api/v1/nope"),
    ];
    for (const res of responses) {
      const id = res.headers.get("x-correlation-id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(id as string);
      await res.arrayBuffer();
    }
    expect(ids.size).toBe(responses.length);
  });

  it("uses one envelope whose correlation_id equals the header", async () => {
    const res = await sb.request(`/api/v1/purchases?${window}`, { token: "sak_not-a-real-key" });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: Record<string, string> };
    expect(Object.keys(body)).toEqual(["error"]);
    expect(body.error).toEqual({ code: "invalid_token", message: expect.any(String), correlation_id: res.headers.get("x-correlation-id") });
  });

  it("answers unknown paths 404 and wrong methods 405, in the envelope", async () => {
    const missing = await sb.json("/api/v1/customers", sb.creds.creator.apiKey);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
    const wrong = await sb.request(`/api/v1/purchases?${window}`, { method: "DELETE", token: sb.creds.creator.apiKey });
    expect(wrong.status).toBe(405);
    expect(((await wrong.json()) as any).error.code).toBe("method_not_allowed");
  });

  it("answers a server error as 5xx internal_error in the envelope", async () => {
    await sb.controls({ fail5xxNext: 1 });
    const res = await sb.json(`/api/v1/purchases?${window}`, sb.creds.creator.apiKey);
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({ code: "internal_error", correlation_id: res.headers.get("x-correlation-id") });
    const next = await sb.json(`/api/v1/purchases?${window}`, sb.creds.creator.apiKey);
    expect(next.status).toBe(200);
  });
});
