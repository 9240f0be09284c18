import { describe, expect, it } from "vitest";
import { lookupExport } from "@/lib/reports/export-names";
import { REVENUE_CSV_NAMES } from "@/lib/reports/revenue-csv";

// Every name an object inherits, and the ones that change an object's prototype.
const HOSTILE = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__", "prototype"];

describe("lookupExport", () => {
  const available = new Map([["purchases", 1], ["kpis", 2]]);

  it("finds the known names", () => {
    expect(lookupExport(available, "kpis")).toEqual({ ok: true, value: 2 });
  });

  it.each(HOSTILE)("refuses %s with a sentence naming the available CSVs", (name) => {
    expect(lookupExport(available, name)).toEqual({ ok: false, message: `There is no CSV called "${name}" in this report. Available: purchases, kpis.` });
  });

  it("shortens a very long name in its sentence", () => {
    const result = lookupExport(available, "x".repeat(500));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message.length).toBeLessThan(200);
  });

  it("knows no inherited name among the Revenue CSVs", () => {
    for (const name of HOSTILE) expect(REVENUE_CSV_NAMES.has(name)).toBe(false);
    expect([...REVENUE_CSV_NAMES]).toEqual(expect.arrayContaining(["all", "purchases", "kpis", "series", "funds", "attach-rates", "breakdown-product"]));
  });
});
