// Days a report could not fetch before its deadline: carried by the quality summary and said
// plainly by the banner, as runs of days.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { QualityBanner } from "@/components/reports/quality-banner";
import { dayRuns, reportQuality } from "@/lib/reports/report-quality";
import type { RangeReport } from "@/lib/sales-api/fetch-range";

const report = (unfetchedDays: string[]): RangeReport => ({
  resource: "purchases", from: "2026-01-01", to: "2026-01-31", windows: [], requests: 0, retries: 0, tokenExchanges: 0, cacheHits: 0,
  incompleteDays: [], invalidRecords: [], oddShapeRecords: 0, unfetchedDays, complete: unfetchedDays.length === 0, fetchedAt: [],
});

describe("unfetched days", () => {
  it("are grouped into runs of consecutive days", () => {
    expect(dayRuns(["2026-01-03", "2026-01-01", "2026-01-02", "2026-01-05", "2026-02-28", "2026-03-01"])).toEqual([
      { from: "2026-01-01", to: "2026-01-03" },
      { from: "2026-01-05", to: "2026-01-05" },
      { from: "2026-02-28", to: "2026-03-01" },
    ]);
  });

  it("make the report incomplete, and the banner names them", () => {
    const quality = reportQuality({ current: [report(["2026-01-01", "2026-01-02"]), report(["2026-01-02", "2026-01-03", "2026-01-10"])] });
    expect(quality).toMatchObject({ complete: false, unfetchedDays: ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-10"] });
    const html = renderToStaticMarkup(createElement(QualityBanner, { quality }));
    expect(html).toContain("These totals are incomplete.");
    expect(html).toContain("Figures for 2026-01-01–2026-01-03, 2026-01-10 are missing: the Sales API did not answer in time.");
  });
});
