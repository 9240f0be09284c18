// Creator and affiliate scopes, creator-only endpoints, and isolation between accounts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groundTruth } from "../../sandbox/ground-truth";
import { FIXED_NOW, startSandboxProcess, wire, type RunningSandbox } from "../support/sandbox-process";

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"])));
afterAll(async () => sb?.stop());

const W = "from=2026-05-01&to=2026-06-01&limit=5000";
const CREATOR_ONLY_FIELDS = ["amountCreatorNet", "amountCreatorPlatformFee", "amountCreatorTax"];

describe("affiliate key", () => {
  it("gets only the purchases it is the affiliate of, equal to ground truth", async () => {
    const res = await sb.json(`/api/v1/purchases?${W}`, sb.creds.affiliate.apiKey);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(100);
    expect(new Set(res.body.data.map((p: any) => p.affiliateName))).toEqual(new Set(["Jules Martin"]));
    expect(res.body.data).toEqual(wire(groundTruth({ now: FIXED_NOW }, "affiliate", "purchases", "2026-05-01", "2026-06-01")));
  });

  it("gets purchases without the three creator-only fields, but with its commission", async () => {
    const res = await sb.json(`/api/v1/purchases?${W}`, sb.creds.affiliate.apiKey);
    for (const p of res.body.data) {
      for (const field of CREATOR_ONLY_FIELDS) expect(p).not.toHaveProperty(field);
      expect(typeof p.amountAffiliation).toBe("number");
      expect(typeof p.amountAffiliationNet).toBe("number");
    }
    const creator = await sb.json(`/api/v1/purchases?${W}`, sb.creds.creator.apiKey);
    for (const p of creator.body.data) for (const field of CREATOR_ONLY_FIELDS) expect(typeof p[field]).toBe("number");
  });

  it.each(["orders", "abandoned-carts", "checkouts", "products", "offers"])("answers 403 forbidden on creator-only %s", async (resource) => {
    const res = await sb.json(`/api/v1/${resource}?${W}`, sb.creds.affiliate.apiKey);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: "forbidden", correlation_id: res.headers.get("x-correlation-id") });
  });

  it.each(["refunds", "chargebacks"])("reads %s of its own sales only, with the same fields as a creator", async (resource) => {
    const from = resource === "refunds" ? "2026-05-01" : "2026-03-17";
    const mine = await sb.json(`/api/v1/${resource}?from=${from}&to=2026-06-15&limit=5000`, sb.creds.affiliate.apiKey);
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((r: any) => r.affiliateName === "Jules Martin")).toBe(true);
    const all = await sb.json(`/api/v1/${resource}?from=${from}&to=2026-06-15&limit=5000`, sb.creds.creator.apiKey);
    const creatorVersion = new Map(all.body.data.map((r: any) => [r.purchaseId, r]));
    for (const r of mine.body.data) expect(r).toEqual(creatorVersion.get(r.purchaseId));
  });
});

describe("creator keys", () => {
  it.each(["purchases", "orders", "abandoned-carts", "checkouts", "refunds", "chargebacks", "products", "offers"])("reads %s", async (resource) => {
    const res = await sb.json(`/api/v1/${resource}?${W}`, sb.creds.creator.apiKey);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
  });

  it("never see each other's data", async () => {
    const one = await sb.json(`/api/v1/purchases?${W}`, sb.creds.creator.apiKey);
    const two = await sb.json(`/api/v1/purchases?${W}`, sb.creds.creator2.apiKey);
    expect(new Set(one.body.data.map((p: any) => p.creatorName))).toEqual(new Set(["Aurora Academy"]));
    expect(new Set(two.body.data.map((p: any) => p.creatorName))).toEqual(new Set(["Northwind Studio"]));
    const ids = new Set(one.body.data.map((p: any) => p.purchaseId));
    expect(two.body.data.some((p: any) => ids.has(p.purchaseId))).toBe(false);
    const orders1 = await sb.json(`/api/v1/orders?${W}`, sb.creds.creator.apiKey);
    const orders2 = await sb.json(`/api/v1/orders?${W}`, sb.creds.creator2.apiKey);
    const checkouts = new Set(orders1.body.data.map((o: any) => o.checkoutId));
    expect(orders2.body.data.some((o: any) => checkouts.has(o.checkoutId))).toBe(false);
  });

  it("ignores any parameter that tries to select another account", async () => {
    const plain = await sb.json(`/api/v1/purchases?${W}`, sb.creds.creator2.apiKey);
    const sneaky = await sb.json(`/api/v1/purchases?${W}&account=creator&creatorName=Aurora%20Academy&affiliateId=7001`, sb.creds.creator2.apiKey);
    expect(sneaky.body.data).toEqual(plain.body.data);
  });
});
