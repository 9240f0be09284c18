import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { explainChange, type DimensionValues, type KeyValues } from "@/lib/insights/contribution";

// Sales of four products and two payment methods in two weeks: in the second, product "B"
// sold nothing (its page was down); the methods lost B's sales as they carried them.
const products: KeyValues[] = [
  { key: "A", current: 40, previous: 40 },
  { key: "B", current: 0, previous: 30 },
  { key: "C", current: 20, previous: 20 },
  { key: "none", current: 10, previous: 10 },
];
const methods: KeyValues[] = [
  { key: "pix", current: 35, previous: 50 },
  { key: "credit_card", current: 35, previous: 50 },
];
const countries: KeyValues[] = [{ key: "BR", current: 70, previous: 100 }];

describe("explainChange", () => {
  it("names the key that carries more of the change than it weighed, and not the ones the change touched in proportion", () => {
    const findings = explainChange([
      { dimension: "paymentMethod", keys: methods },
      { dimension: "product", keys: products },
      { dimension: "country", keys: countries },
    ]);
    expect(findings).toEqual([{ dimension: "product", key: "B", current: 0, previous: 30, share: 1, weight: 0.3 }]);
  });

  it("keeps the most telling key of each dimension, the most telling dimension first, up to the limit", () => {
    const psps: KeyValues[] = [
      { key: "pagarme", current: 20, previous: 45 },
      { key: "stripe", current: 50, previous: 55 },
    ];
    const findings = explainChange([
      { dimension: "psp", keys: psps },
      { dimension: "product", keys: products },
    ]);
    expect(findings.map((f) => [f.dimension, f.key])).toEqual([
      ["product", "B"], // share 1, weight 0.3: lift 0.7
      ["psp", "pagarme"], // share 25/30, weight 0.45: lift 0.38
    ]);
    expect(explainChange([{ dimension: "psp", keys: psps }, { dimension: "product", keys: products }], { limit: 1 })).toHaveLength(1);
  });

  it("a rise is explained as a drop is, by the keys that rose", () => {
    const rise = products.map((k) => ({ ...k, current: k.previous, previous: k.current }));
    const findings = explainChange([{ dimension: "product", keys: rise }]);
    expect(findings.map((f) => [f.key, f.share])).toEqual([["B", 1]]);
    expect(findings[0]!.weight).toBe(0);
  });

  it("says nothing when nothing changed, or when every key moved as it weighed", () => {
    expect(explainChange([{ dimension: "product", keys: products.map((k) => ({ ...k, current: k.previous })) }])).toEqual([]);
    expect(explainChange([{ dimension: "product", keys: products.map((k) => ({ ...k, current: k.previous * 2 })) }])).toEqual([]);
    expect(explainChange([{ dimension: "country", keys: countries }])).toEqual([]);
  });

  it("keeps a key's label", () => {
    const offers: KeyValues[] = [
      { key: "off-1", label: "Launch offer", current: 0, previous: 30 },
      { key: "off-2", label: "Regular", current: 70, previous: 70 },
    ];
    expect(explainChange([{ dimension: "offer", keys: offers }])[0]).toMatchObject({ key: "off-1", label: "Launch offer" });
  });

  it("holds for any values: each finding moved the way the whole did, carried at least a quarter of it, and more than it weighed", () => {
    const values = fc.array(fc.record({ current: fc.nat(1000), previous: fc.nat(1000) }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(fc.array(values, { minLength: 1, maxLength: 4 }), (lists) => {
        const dimensions: DimensionValues[] = lists.map((list, d) => ({ dimension: `d${d}`, keys: list.map((v, i) => ({ key: `k${i}`, ...v })) }));
        const findings = explainChange(dimensions);
        expect(findings.length).toBeLessThanOrEqual(3);
        expect(new Set(findings.map((f) => f.dimension)).size).toBe(findings.length);
        for (const f of findings) {
          const keys = dimensions.find((d) => d.dimension === f.dimension)!.keys;
          const change = keys.reduce((s, k) => s + k.current - k.previous, 0);
          expect(Math.sign(f.current - f.previous)).toBe(Math.sign(change));
          expect(f.share).toBeCloseTo((f.current - f.previous) / change, 12);
          expect(f.share).toBeGreaterThanOrEqual(0.25);
          expect(f.share - f.weight).toBeGreaterThanOrEqual(0.15 - 1e-12);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("explainChange, the same sales through two dimensions", () => {
  it("keeps the first of two keys with the very same figures where their dimensions may show the same sales (a product and its only offer)", () => {
    const offers: KeyValues[] = [
      { key: "B-1", current: 0, previous: 30 },
      { key: "A-1", current: 70, previous: 70 },
    ];
    const dimensions = [{ dimension: "product", keys: products }, { dimension: "offer", keys: offers }];
    expect(explainChange(dimensions, { sameSales: [["product", "offer"]] }).map((f) => [f.dimension, f.key])).toEqual([["product", "B"]]);
    // Two dimensions that do not: both kept, even with the same figures.
    expect(explainChange(dimensions).map((f) => [f.dimension, f.key])).toEqual([["product", "B"], ["offer", "B-1"]]);
  });
});
