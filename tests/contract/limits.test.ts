// limit truncates (it does not paginate): bounds, default, meta.truncated, newest records kept.
import { describe, expect, it } from "vitest";
import { groundTruth } from "../../sandbox/ground-truth";
import { creatorSandboxForFile } from "../support/creator-sandbox";
import { FIXED_NOW, wire } from "../support/sandbox-process";

const sb = creatorSandboxForFile();

const FROM = "2026-03-17";
const TO = "2026-06-15"; // 90 days holding more than 5000 purchases
const truth = () => wire(groundTruth({ now: FIXED_NOW }, "creator", "purchases", FROM, TO));

describe("limit", () => {
  it("holds more than 5000 purchases in this 90-day window (so truncation is exercised)", () => {
    expect(truth().length).toBeGreaterThan(5000);
  });

  it("with 5000 returns the newest 5000 and meta.truncated true", async () => {
    const res = await sb.json(`/api/v1/purchases?from=${FROM}&to=${TO}&limit=5000`);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ count: 5000, limit: 5000, from: FROM, to: TO, truncated: true });
    expect(res.body.data).toEqual(truth().slice(0, 5000));
  });

  it("with 1 returns the single newest record", async () => {
    const res = await sb.json(`/api/v1/purchases?from=${FROM}&to=${TO}&limit=1`);
    expect(res.body.meta).toMatchObject({ count: 1, limit: 1, truncated: true });
    expect(res.body.data).toEqual(truth().slice(0, 1));
  });

  it("defaults to 1000", async () => {
    const res = await sb.json(`/api/v1/purchases?from=${FROM}&to=${TO}`);
    expect(res.body.meta).toMatchObject({ count: 1000, limit: 1000, truncated: true });
  });

  it("reports truncated false when everything fits, even exactly", async () => {
    const all = wire(groundTruth({ now: FIXED_NOW }, "creator", "orders", "2026-06-01", "2026-06-03"));
    const exact = await sb.json(`/api/v1/orders?from=2026-06-01&to=2026-06-03&limit=${all.length}`);
    expect(exact.body.meta).toMatchObject({ count: all.length, truncated: false });
    expect(exact.body.data).toEqual(all);
    const one = await sb.json(`/api/v1/orders?from=2026-06-01&to=2026-06-03&limit=${all.length - 1}`);
    expect(one.body.meta).toMatchObject({ count: all.length - 1, truncated: true });
  });

  it.each(["0", "5001", "-1", "1.5", "abc", ""])("answers limit=%s with 400 invalid_request", async (limit) => {
    const res = await sb.json(`/api/v1/purchases?from=${FROM}&to=${TO}&limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });

  it("has no page parameter: asking for page 2 returns the same first records", async () => {
    const first = await sb.json(`/api/v1/purchases?from=${FROM}&to=${TO}&limit=50`);
    const second = await sb.json(`/api/v1/purchases?from=${FROM}&to=${TO}&limit=50&page=2&cursor=abc`);
    expect(second.body.data).toEqual(first.body.data);
  });

  it("lets a client continue from the oldest record of a truncated window and reach exactly the truth", async () => {
    const collected: any[] = [];
    let to = TO;
    for (;;) {
      const res = await sb.json(`/api/v1/purchases?from=${FROM}&to=${to}&limit=5000`);
      if (!res.body.meta.truncated) { collected.push(...res.body.data); break; }
      const oldestDay = res.body.data.at(-1).checkoutInitializedAt.slice(0, 10);
      collected.push(...res.body.data.filter((p: any) => p.checkoutInitializedAt.slice(0, 10) > oldestDay));
      to = new Date(Date.parse(`${oldestDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    }
    expect(collected).toEqual(truth());
  });
});
