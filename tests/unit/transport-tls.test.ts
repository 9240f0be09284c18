// Loopback only: a throwaway HTTPS server with a self-signed certificate proves
// that the extra CA is trusted, that verification stays on without it, and that
// timeouts and the correlation id work over real TLS.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generate } from "selfsigned";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SalesApiTransportError } from "@/lib/sales-api/errors";
import { getUpstreamHealth } from "@/lib/sales-api/health";
import { createTransport } from "@/lib/sales-api/transport";

let server: Server;
let baseUrl = "";
let caFile = "";

beforeAll(async () => {
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keySize: 2048,
    algorithm: "sha256",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
  });
  caFile = join(mkdtempSync(join(tmpdir(), "salesdash-tls-")), "cert.pem");
  writeFileSync(caFile, pems.cert);
  server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    if (req.url === "/api/v1/slow") return; // never answers
    res.setHeader("content-type", "application/json");
    res.setHeader("x-correlation-id", "corr-123");
    res.end(JSON.stringify({ status: "ok", version: "1.0.0", time: new Date().toISOString() }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 30_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("transport over real TLS", () => {
  it("rejects the self-signed certificate when no CA file is given", async () => {
    const transport = createTransport({ baseUrl, timeoutMs: 5000 });
    const failure = await transport.request({ path: "/api/v1/health" }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SalesApiTransportError);
    expect((failure as SalesApiTransportError).code).toBe("tls");
  });

  it("trusts the certificate from the CA file and reads the correlation id", async () => {
    const transport = createTransport({ baseUrl, caFile, timeoutMs: 5000 });
    const response = await transport.request({ path: "/api/v1/health" });
    expect(response.status).toBe(200);
    expect(response.correlationId).toBe("corr-123");
    expect(response.body).toMatchObject({ status: "ok" });
  });

  it("times out", async () => {
    const transport = createTransport({ baseUrl, caFile, timeoutMs: 300 });
    const failure = await transport.request({ path: "/api/v1/slow" }).catch((error: unknown) => error);
    expect((failure as SalesApiTransportError).code).toBe("timeout");
  });

  it("reports the health of the upstream", async () => {
    const health = await getUpstreamHealth({ transport: createTransport({ baseUrl, caFile, timeoutMs: 5000 }) });
    expect(health).toMatchObject({ state: "operational", version: "1.0.0", correlationId: "corr-123" });
    const untrusted = await getUpstreamHealth({ transport: createTransport({ baseUrl, timeoutMs: 5000 }) });
    expect(untrusted).toMatchObject({ state: "unreachable", code: "tls" });
  });
});
