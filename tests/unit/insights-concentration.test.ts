// What carries a rate: the values holding a larger part of the events (disputes) than of the base
// (sales), a quarter of the events at least and 15 points more than of the base; one per
// dimension, the largest lift first, three at most, a product's only offer not told twice.
import { describe, expect, it } from "vitest";
import { explainConcentration } from "@/lib/insights/concentration";

describe("explainConcentration", () => {
  it("names the value holding more of the disputes than of the sales, with both shares", () => {
    const findings = explainConcentration([
      { dimension: "product", keys: [{ key: "Coaching", events: 6, base: 10 }, { key: "Course", events: 4, base: 90 }] },
      // A PSP in proportion explains nothing.
      { dimension: "psp", keys: [{ key: "pagarme", events: 5, base: 50 }, { key: "stripe", events: 5, base: 50 }] },
    ]);
    expect(findings).toEqual([{ dimension: "product", key: "Coaching", events: 6, base: 10, eventShare: 0.6, baseShare: 0.1 }]);
  });

  it("keeps the thresholds: a quarter of the events, and 15 points above the base's share", () => {
    const dims = (events: number, base: number) => [{ dimension: "product", keys: [{ key: "A", events, base }, { key: "B", events: 100 - events, base: 100 - base }] }];
    expect(explainConcentration(dims(24, 1))).toEqual([]);
    expect(explainConcentration(dims(25, 10)).map((f) => f.key)).toEqual(["A"]);
    expect(explainConcentration(dims(40, 26))).toEqual([]);
    expect(explainConcentration(dims(40, 25)).map((f) => f.key)).toEqual(["A"]);
  });

  it("orders by lift, keeps three, and does not tell a product's only offer again", () => {
    const one = (dimension: string, key: string, events: number, base: number) => ({ dimension, keys: [{ key, events, base }, { key: "other", events: 10 - events, base: 100 - base }] });
    const findings = explainConcentration([one("product", "P", 9, 10), one("offer", "O", 9, 10), one("psp", "S", 5, 20), one("country", "BR", 7, 30), one("affiliate", "X", 10, 40)], { sameSales: [["product", "offer"]] });
    expect(findings.map((f) => `${f.dimension}:${f.key}`)).toEqual(["product:P", "affiliate:X", "country:BR"]);
  });

  it("says nothing without events or sales", () => {
    expect(explainConcentration([{ dimension: "product", keys: [{ key: "A", events: 0, base: 5 }] }])).toEqual([]);
    expect(explainConcentration([{ dimension: "product", keys: [{ key: "A", events: 3, base: 0 }] }])).toEqual([]);
  });
});
