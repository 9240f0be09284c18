import { describe, expect, it } from "vitest";
import { parseReportParams } from "@/lib/report-params/parse";
import { exportParams } from "@/lib/reports/server/report-export";

const params = parseReportParams({ from: "2026-05-01", to: "2026-05-31", compare: "previous" }, new Date("2026-06-15T12:00:00Z")).params;

describe("a download's parameters", () => {
  it("keep the comparison for a file that holds its figures, and for a ZIP holding one", () => {
    expect(exportParams(params, "kpis", new Set(["kpis"])).compare).toBe("previous");
    expect(exportParams(params, "all", new Set(["kpis"])).compare).toBe("previous");
  });

  it("drop it for a file of the shown period alone, and for a report no file of which holds it", () => {
    expect(exportParams(params, "orders", new Set(["kpis"]))).toEqual({ ...params, compare: "none" });
    expect(exportParams(params, "all", new Set()).compare).toBe("none");
  });
});
