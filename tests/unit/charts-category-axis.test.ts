// A bar chart's names are cut only when the chart has no room for them.
import { describe, expect, it } from "vitest";
import { categoryAxis } from "@/lib/charts/category-axis";

describe("categoryAxis", () => {
  const name = "Masterclass de Fotografia Profissional"; // 38 characters
  it("gives a long name its whole width on a wide chart", () => {
    const axis = categoryAxis([name, "Short"], 900);
    expect(axis.maxChars).toBeGreaterThanOrEqual(name.length);
    expect(axis.width).toBeLessThanOrEqual(360);
  });
  it("cuts on a phone, at 40% of the chart", () => {
    const axis = categoryAxis([name], 350);
    expect(axis.width).toBe(140);
    expect(axis.maxChars).toBeLessThan(name.length);
    expect(axis.maxChars).toBeGreaterThan(18);
  });
  it("never cuts a name that fits, whatever its length (rounding once cut 'Main product')", () => {
    for (let length = 1; length <= 50; length++) {
      const label = "x".repeat(length);
      expect(categoryAxis([label, "Pix"], 1200).maxChars, `${length} characters`).toBeGreaterThanOrEqual(length);
    }
  });
  it("never goes below 80 px, nor needs more than its names", () => {
    expect(categoryAxis(["Pix"], 900).width).toBe(80);
    expect(categoryAxis([], 0).width).toBe(80);
  });
});
