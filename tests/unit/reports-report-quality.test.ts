import { describe, expect, it } from "vitest";
import { deltasArePartial, reportQuality } from "@/lib/reports/report-quality";
import type { RangeReport } from "@/lib/mirror/range-types";

function report(patch: Partial<RangeReport> = {}): RangeReport {
  return { resource: "purchases", from: "2026-05-01", to: "2026-05-31", windows: [], requests: 1, retries: 0, tokenExchanges: 0, cacheHits: 0, incompleteDays: [], invalidRecords: [], oddShapeRecords: 0, unfetchedDays: [], complete: true, fetchedAt: [], ...patch };
}
const incomplete = (day: string) => report({ complete: false, incompleteDays: [day] });
const invalid = (id: string) => report({ complete: false, invalidRecords: [{ resource: "purchases", index: 0, id: "1", problem: "amountTransaction", correlationId: id }] });

describe("reportQuality", () => {
  it("keeps the shown figures exact when only the comparison period is incomplete", () => {
    const q = reportQuality({ current: [report()], comparison: [incomplete("2026-04-09")] });
    expect(q.complete).toBe(true);
    expect(q.incompleteDays).toEqual([]);
    expect(q.comparison).toEqual({ complete: false, incompleteDays: ["2026-04-09"], invalidRecords: 0, correlationIds: [], oddShapes: 0, unfetchedDays: [], unreachable: false });
    expect(deltasArePartial(q)).toBe(true);
  });

  it("says the shown period is incomplete, with its own days and references only", () => {
    const q = reportQuality({ current: [incomplete("2026-05-09"), invalid("corr-1")], comparison: [invalid("corr-2")] });
    expect(q.complete).toBe(false);
    expect(q.incompleteDays).toEqual(["2026-05-09"]);
    expect(q.correlationIds).toEqual(["corr-1"]);
    expect(q.comparison?.correlationIds).toEqual(["corr-2"]);
    expect(deltasArePartial(q)).toBe(true);
  });

  it("has no comparison quality without a comparison, and complete periods mark no delta", () => {
    expect(reportQuality({ current: [report()] }).comparison).toBeNull();
    const brl = { currency: "brl", source: "setting", offers: {} } as const;
    expect(reportQuality({ current: [report()], comparison: null }, { records: 3, currency: brl })).toMatchObject({ missingCurrency: 3, assumedCurrency: brl });
    expect(reportQuality({ current: [report()] }, { records: 0, currency: brl }).assumedCurrency).toBeNull();
    expect(deltasArePartial(reportQuality({ current: [report()], comparison: [report()] }))).toBe(false);
  });
});
