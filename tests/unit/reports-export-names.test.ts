import { describe, expect, it } from "vitest";
import { parseReportParams } from "@/lib/report-params/parse";
import { lookupExport } from "@/lib/reports/server/export-names";
import { genericRowsPage } from "@/lib/reports/server/generic-rows";
import { readTableRequest } from "@/lib/reports/server/table-page";
import { REVENUE_CSV_NAMES } from "@/lib/reports/server/revenue-csv";

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

// The other lookups keyed by the URL: table sort columns and report parameters. They check
// names against lists (Array.includes, ===), so an inherited name is an unknown name.
describe("other lookups keyed by request data", () => {
  it.each(HOSTILE)("reads sort=%s as the default sort", (name) => {
    const query = new URLSearchParams({ sort: name });
    expect(readTableRequest(query, ["sessionAt", "amount"] as const, "sessionAt").sort).toBe("sessionAt");
    const records = [{ refundId: "r1", requestedAt: "2026-06-01T00:00:00Z" }, { refundId: "r2", requestedAt: "2026-06-02T00:00:00Z" }];
    const page = genericRowsPage(records, readTableRequest(query, [name], name));
    expect(page.items.map((r) => r.refundId)).toEqual(["r2", "r1"]);
  });

  it.each(HOSTILE)("reads %s as a report parameter value in words", (name) => {
    const { problems } = parseReportParams({ preset: name, compare: name, dating: name, granularity: name, tz: name, currency: name }, new Date("2026-03-10T12:00:00Z"));
    expect(problems.length).toBeGreaterThanOrEqual(5);
    const asKey = parseReportParams(Object.fromEntries([[name, "x"]]), new Date("2026-03-10T12:00:00Z"));
    expect(asKey.problems).toEqual([]);
  });
});
