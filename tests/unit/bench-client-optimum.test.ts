import { describe, expect, it } from "vitest";
import { fewestWholeDayRequests } from "@/scripts/bench-client";
import { groundTruth } from "../../sandbox/ground-truth";

// `npm run bench:client` measured its ratio only against ceil(records/5000) (issue #24, point
// 26), a bound no client can reach with the API's whole-day filter; it now also shows the
// whole-day optimum, computed here against requests a client can actually make.
describe("bench:client whole-day optimum", () => {
  it("fills each request with as many whole days as fit, newest first", () => {
    // Two days of 1,750 fit (3,500), a third does not: 7 days need 4 requests where ceil(12250/5000) = 3.
    expect(fewestWholeDayRequests([1750, 1750, 1750, 1750, 1750, 1750])).toBe(3);
    expect(fewestWholeDayRequests([1750, 1750, 1750, 1750, 1750, 1750, 1750])).toBe(4);
    expect(fewestWholeDayRequests([2500, 2500, 1])).toBe(2);
  });

  it("gives a day above the limit a request alone and caps a request at 90 days", () => {
    expect(fewestWholeDayRequests([100, 6000, 100])).toBe(3);
    expect(fewestWholeDayRequests(new Array<number>(181).fill(0))).toBe(3);
    expect(fewestWholeDayRequests([])).toBe(0);
  });

  it("is never beaten by a plan of whole-day windows over the sandbox's own days", () => {
    // The medium account's newest 120 days, from the ground truth: every split of the days into
    // consecutive runs of at most 5000 records uses at least as many requests.
    const counts: number[] = [];
    for (let i = 0; i < 120; i++) {
      const day = new Date(Date.parse("2026-06-15T00:00:00Z") - i * 86_400_000).toISOString().slice(0, 10);
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      counts.push(groundTruth({ now: "2026-06-15T12:00:00Z" }, "creator", "purchases", day, next).length);
    }
    // The fewest runs by dynamic programming over every split point.
    const best = new Array<number>(counts.length + 1).fill(Number.POSITIVE_INFINITY);
    best[0] = 0;
    for (let end = 1; end <= counts.length; end++) {
      let sum = 0;
      for (let start = end - 1; start >= 0 && end - start <= 90; start--) {
        sum += counts[start] as number;
        if (sum > 5000 && end - start > 1) break;
        best[end] = Math.min(best[end] as number, (best[start] as number) + 1);
      }
    }
    expect(fewestWholeDayRequests(counts)).toBe(best[counts.length]);
    expect(fewestWholeDayRequests(counts)).toBeGreaterThanOrEqual(Math.ceil(counts.reduce((a, b) => a + b, 0) / 5000));
  });
});
