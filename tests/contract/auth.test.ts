// Both credential flows, token expiry, revocation and switched-off flows.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "../support/sandbox-process";

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--token-ttl-seconds", "2"])));
afterAll(async () => sb?.stop());
beforeEach(async () => sb.reset());

const PURCHASES = "/api/v1/purchases?from=2026-06-10&to=2026-06-11&limit=5";

async function exchange(body: unknown, contentType = "application/json") {
  const res = await sb.request("/api/v1/auth", { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "content-type": contentType } });
  return { status: res.status, body: (await res.json()) as any };
}

describe("Flow A: the API key as the Bearer token", () => {
  it("accepts the key, which begins with a fixed prefix and an underscore", async () => {
    expect(sb.creds.creator.apiKey).toMatch(/^[a-z]+_[0-9a-f]+$/);
    const res = await sb.json(PURCHASES, sb.creds.creator.apiKey);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(5);
  });

  it("answers 401 invalid_token without a credential, with a malformed header, and with an unknown key", async () => {
    for (const headers of [{}, { authorization: "Basic abc" }, { authorization: "Bearer sak_0000" }] as Array<Record<string, string>>) {
      const res = await sb.request(PURCHASES, { headers });
      expect(res.status).toBe(401);
      expect(((await res.json()) as any).error.code).toBe("invalid_token");
    }
  });

  it("answers 401 invalid_token for a revoked key", async () => {
    const res = await sb.json(PURCHASES, sb.creds.revoked.apiKey);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: "invalid_token", message: expect.stringMatching(/revoked/i) });
  });

  it("refuses direct keys when Flow A is switched off, while Flow B still works", async () => {
    await sb.controls({ flowA: false });
    expect((await sb.json(PURCHASES, sb.creds.creator.apiKey)).status).toBe(401);
    const { body } = await exchange({ clientId: sb.creds.creator.clientId, apiKey: sb.creds.creator.apiKey });
    expect((await sb.json(PURCHASES, body.accessToken)).status).toBe(200);
  });
});

describe("Flow B: token exchange", () => {
  it("exchanges clientId + apiKey for a JWT that reads the same data as the key", async () => {
    const { status, body } = await exchange({ clientId: sb.creds.creator.clientId, apiKey: sb.creds.creator.apiKey });
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(["accessToken"]);
    expect(body.accessToken.split(".")).toHaveLength(3);
    const viaToken = await sb.json(PURCHASES, body.accessToken);
    const viaKey = await sb.json(PURCHASES, sb.creds.creator.apiKey);
    expect(viaToken.status).toBe(200);
    expect(viaToken.body.data).toEqual(viaKey.body.data);
  });

  it("answers 401 invalid_token for a wrong pair and for a revoked pair", async () => {
    const wrong = await exchange({ clientId: sb.creds.creator.clientId, apiKey: sb.creds.creator2.apiKey });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("invalid_token");
    const revoked = await exchange({ clientId: sb.creds.revoked.clientId, apiKey: sb.creds.revoked.apiKey });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe("invalid_token");
  });

  it("answers 400 invalid_request for a body without both fields, bad JSON, or another content type", async () => {
    expect((await exchange({ clientId: sb.creds.creator.clientId })).status).toBe(400);
    expect((await exchange("{not json")).status).toBe(400);
    expect((await exchange({ clientId: 1, apiKey: 2 })).status).toBe(400);
    const form = await exchange("clientId=a&apiKey=b", "application/x-www-form-urlencoded");
    expect(form.status).toBe(400);
    expect(form.body.error.code).toBe("invalid_request");
  });

  it("rejects a tampered token", async () => {
    const { body } = await exchange({ clientId: sb.creds.creator.clientId, apiKey: sb.creds.creator.apiKey });
    const [h, p, s] = body.accessToken.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, "base64url").toString()), sub: "creator2" })).toString("base64url");
    const res = await sb.json(PURCHASES, `${h}.${forged}.${s}`);
    expect(res.status).toBe(401);
  });

  it("answers 401 invalid_token once the token expires, and a new exchange works again", async () => {
    const { body } = await exchange({ clientId: sb.creds.affiliate.clientId, apiKey: sb.creds.affiliate.apiKey });
    expect((await sb.json(PURCHASES, body.accessToken)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 3100));
    const expired = await sb.json(PURCHASES, body.accessToken);
    expect(expired.status).toBe(401);
    expect(expired.body.error).toMatchObject({ code: "invalid_token", message: expect.stringMatching(/expired/i) });
    const renewed = await exchange({ clientId: sb.creds.affiliate.clientId, apiKey: sb.creds.affiliate.apiKey });
    expect((await sb.json(PURCHASES, renewed.body.accessToken)).status).toBe(200);
  });

  it("has no exchange endpoint when Flow B is switched off, and refuses earlier tokens", async () => {
    const { body } = await exchange({ clientId: sb.creds.creator.clientId, apiKey: sb.creds.creator.apiKey });
    await sb.controls({ flowB: false });
    expect((await exchange({ clientId: sb.creds.creator.clientId, apiKey: sb.creds.creator.apiKey })).status).toBe(404);
    expect((await sb.json(PURCHASES, body.accessToken)).status).toBe(401);
    expect((await sb.json(PURCHASES, sb.creds.creator.apiKey)).status).toBe(200);
  });

  it("counts token exchanges against the client's rate limit", async () => {
    await sb.controls({ ratePerMinute: 3 });
    const pair = { clientId: sb.creds.creator.clientId, apiKey: sb.creds.creator.apiKey };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await exchange(pair)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const stats = await sb.stats();
    expect(stats.creator?.log.filter((e) => e.flow === "auth")).toHaveLength(4);
  });
});
