// The flag rule on hand-worked Wilson intervals (z = 1.96): L = (p + z²/2n − z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n).
import { describe, expect, it } from "vitest";
import { MIN_EVENTS, MIN_SAMPLE, rateFigure, wilsonLowerBound } from "@/lib/analytics/rate-flag";

describe("wilsonLowerBound", () => {
  it("10 of 100: p = 0.1, z²/2n = 0.019208, √(0.0009 + 0.00009604) = 0.0315601, so L = (0.1 + 0.019208 − 0.0618578) / 1.038416 = 0.0552286", () => {
    expect(wilsonLowerBound(10, 100)).toBeCloseTo(0.0552286, 6);
  });

  it("1 of 361 (the issue's best affiliate): (0.0027701 + 0.0053208 − 1.96·0.0038758) / 1.0106415 = 0.000489", () => {
    expect(wilsonLowerBound(1, 361)).toBeCloseTo(0.000489, 6);
  });

  it("20 of 100: (0.2 + 0.019208 − 1.96·0.0411830) / 1.038416 = 0.133366", () => {
    expect(wilsonLowerBound(20, 100)).toBeCloseTo(0.133366, 6);
  });

  it("is 0 for no event and null without trials", () => {
    expect(wilsonLowerBound(0, 50)).toBe(0);
    expect(wilsonLowerBound(0, 0)).toBeNull();
  });
});

describe("rateFigure", () => {
  it("does not flag one chargeback in 361 sales against an account's 0.1 %: 0.28 % is above 2x, but its lower bound 0.049 % is not", () => {
    expect(rateFigure(1, 361, 0.001)).toEqual({ count: 1, rate: 1 / 361, low: wilsonLowerBound(1, 361), flag: "uncertain" });
  });

  it("flags 20 of 100 against an account's 5 %: the lower bound 13.3 % is above 10 %", () => {
    expect(rateFigure(20, 100, 0.05).flag).toBe("high");
  });

  it("8 of 40 (20 %) against 7.5 %: above 2x (15 %), yet its lower bound 10.5 % is not, so within chance", () => {
    expect(rateFigure(8, 40, 0.075).flag).toBe("uncertain");
  });

  it("needs MIN_EVENTS events: 2 of 30 against an account with none has a lower bound of 1.8 % > 0, and is still not flagged", () => {
    expect(MIN_EVENTS).toBe(3);
    expect(rateFigure(2, 30, 0)).toMatchObject({ low: expect.closeTo(0.0184766, 6), flag: "uncertain" });
    // 3 of 30 against none: L = 0.0346 > 0, and three events.
    expect(rateFigure(3, 30, 0).flag).toBe("high");
  });

  it("a rate at or under 2x is normal; too few sales is small; no records is unavailable", () => {
    expect(rateFigure(3, 30, 0.05).flag).toBe("normal");
    expect(rateFigure(20, MIN_SAMPLE - 1, 0.01).flag).toBe("small");
    expect(rateFigure(null, 100, 0.01)).toEqual({ count: null, rate: null, low: null, flag: "unavailable" });
    expect(rateFigure(5, 100, null).flag).toBe("normal");
  });
});
