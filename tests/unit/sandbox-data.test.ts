import { describe, expect, it } from "vitest";
import { CREATORS } from "../../sandbox/data/catalog";
import { Dataset } from "../../sandbox/data/dataset";
import { generateDay } from "../../sandbox/data/generate-day";
import { isOddRecord } from "../../sandbox/odd-shapes";
import { dayOf, dayToDate, iso, parseDay } from "../../sandbox/data/time";
import { isLoopback } from "../../sandbox/http";

const NOW = Date.parse("2026-06-15T12:00:00Z");

describe("sandbox dates", () => {
  it("parses strict calendar dates only", () => {
    expect(dayToDate(parseDay("2026-02-28") as number)).toBe("2026-02-28");
    for (const bad of ["2026-02-29", "2026-2-28", "2026-02-28T00:00:00Z", "", "20260228"]) expect(parseDay(bad)).toBeUndefined();
    expect(parseDay("2028-02-29")).toBe(dayOf(Date.UTC(2028, 1, 29)));
  });

  it("formats timestamps as UTC with second precision", () => {
    expect(iso(Date.UTC(2026, 0, 2, 3, 4, 5, 678))).toBe("2026-01-02T03:04:05Z");
  });
});

describe("sandbox generator", () => {
  it("generates the same day identically from the same seed, and differently from another", () => {
    const day = dayOf(NOW) - 10;
    const a = generateDay("s", 1, CREATORS[0]!, day);
    const b = generateDay("s", 1, CREATORS[0]!, day);
    const c = generateDay("t", 1, CREATORS[0]!, day);
    expect(b.checkouts.map((x) => x.checkoutId)).toEqual(a.checkouts.map((x) => x.checkoutId));
    expect(c.checkouts.map((x) => x.checkoutId)).not.toEqual(a.checkouts.map((x) => x.checkoutId));
  });

  it("gives the first creator over 1,000,000 purchases in the two years before now at --scale 20", () => {
    let purchases = 0;
    for (let day = dayOf(NOW) - 730; day <= dayOf(NOW); day++) {
      for (const checkout of generateDay("salesdash", 20, CREATORS[0]!, day).checkouts) purchases += checkout.order?.purchases.length ?? 0;
    }
    expect(purchases).toBeGreaterThan(1_000_000);
  }, 120_000);

  it("keeps purchase ids unique across days and creators", () => {
    const ids = new Set<number>();
    for (const creator of CREATORS) {
      for (let day = dayOf(NOW) - 3; day <= dayOf(NOW); day++) {
        for (const co of generateDay("salesdash", 5, creator, day).checkouts) {
          for (const p of co.order?.purchases ?? []) {
            expect(ids.has(p.purchaseId)).toBe(false);
            ids.add(p.purchaseId);
          }
        }
      }
    }
  });

  it("answers a query without generating more days than the limit needs", () => {
    const dataset = new Dataset("salesdash", 1);
    const spy = { days: 0 };
    const original = dataset.rawDay.bind(dataset);
    dataset.rawDay = (creatorNo, day) => (spy.days++, original(creatorNo, day));
    const today = dayOf(NOW);
    const res = dataset.query({ keyType: "creator", creatorNos: [1] }, "purchases", today - 90, today + 1, 50, NOW);
    expect(res.truncated).toBe(true);
    expect(spy.days).toBeLessThanOrEqual(2);
  });
});

describe("sandbox fault helpers", () => {
  it("picks odd-shaped records deterministically and at about the asked rate", () => {
    const records = Array.from({ length: 10_000 }, (_, i) => ({ purchaseId: i }));
    const odd = records.filter((r) => isOddRecord(r, 0.1)).length;
    expect(odd).toBeGreaterThan(800);
    expect(odd).toBeLessThan(1200);
    expect(records.filter((r) => isOddRecord(r, 0.1)).length).toBe(odd);
    expect(records.some((r) => isOddRecord(r, 0))).toBe(false);
  });

  it("recognises loopback callers only", () => {
    const req = (remoteAddress: string) => ({ socket: { remoteAddress } }) as never;
    expect(isLoopback(req("127.0.0.1"))).toBe(true);
    expect(isLoopback(req("::1"))).toBe(true);
    expect(isLoopback(req("::ffff:127.0.0.1"))).toBe(true);
    expect(isLoopback(req("10.0.0.5"))).toBe(false);
    expect(isLoopback(req("192.168.1.2"))).toBe(false);
  });
});
