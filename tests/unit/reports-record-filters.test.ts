import { describe, expect, it } from "vitest";
import { FILTER_KEYS, type FilterKey } from "@/lib/report-params/definitions";
import { matchesFilters } from "@/lib/reports/server/record-filters";

const none = Object.fromEntries(FILTER_KEYS.map((k) => [k, []])) as unknown as Record<FilterKey, string[]>;
const filters = (over: Partial<Record<FilterKey, string[]>>) => ({ ...none, ...over });
type R = { product?: string | null; brand?: string | null };
const pickers = { product: (r: R) => r.product, brand: (r: R) => r.brand || "none" };

describe("matchesFilters", () => {
  it("passes everything without active filters", () => {
    expect(matchesFilters({ product: "A" }, none, pickers)).toBe(true);
  });

  it("keeps records whose field is among the chosen values, for every active filter", () => {
    expect(matchesFilters({ product: "A", brand: "visa" }, filters({ product: ["A", "B"], brand: ["visa"] }), pickers)).toBe(true);
    expect(matchesFilters({ product: "A", brand: "elo" }, filters({ product: ["A"], brand: ["visa"] }), pickers)).toBe(false);
    expect(matchesFilters({ product: "A", brand: null }, filters({ brand: ["none"] }), pickers)).toBe(true);
  });

  it("'none' keeps a record without the field, or with null or an empty value, as the purchases' engine does", () => {
    expect(matchesFilters({ product: "" }, filters({ product: ["none"] }), pickers)).toBe(true);
    expect(matchesFilters({ product: null }, filters({ product: ["none"] }), pickers)).toBe(true);
    expect(matchesFilters({}, filters({ product: ["none"] }), pickers)).toBe(true);
    expect(matchesFilters({ product: "A" }, filters({ product: ["none"] }), pickers)).toBe(false);
    expect(matchesFilters({ product: "" }, filters({ product: [""] }), pickers)).toBe(false);
  });

  it("excludes a record without the field, unless the field is unknown to its kind of record", () => {
    expect(matchesFilters({}, filters({ product: ["A"] }), pickers)).toBe(false);
    expect(matchesFilters({}, filters({ product: ["A"] }), pickers, { absentPasses: true })).toBe(true);
    expect(matchesFilters({ product: null }, filters({ product: ["A"] }), pickers, { absentPasses: true })).toBe(false);
  });
});
