// A report's own parameters (lib/report-params/schema.ts, lib/reports/server/report-request.ts): the Overview's and the payout
// calendar's schemas answer their value, or the words of a 400 naming what is wrong.
import { describe, expect, it } from "vitest";
import { overviewReport } from "@/lib/reports/overview/server/report";
import { PAYOUTS_REQUEST, payoutsRequest } from "@/lib/reports/payouts/server/payouts-request";
import type { ReportParams } from "@/lib/report-params/definitions";
import { readReportRequest, type ReportRequestSchema } from "@/lib/report-params/schema";

/** The report's own parameters as the routes read them with its module's schema, or the words of their 400. */
function readRequest<Own extends object>(schema: ReportRequestSchema<Own>, query: URLSearchParams): Own | string {
  const read = readReportRequest(schema, query);
  return read.ok ? read.asked : read.problems.join(" ");
}

const params = { tz: "UTC" } as ReportParams;
const ask = (query: string) => {
  const asked = readRequest(PAYOUTS_REQUEST, new URLSearchParams(query));
  return typeof asked === "string" ? asked : payoutsRequest({ params, asked });
};

describe("the payout calendar's request", () => {
  it("reads the browser's minute and the month, the month empty or absent being the current one", () => {
    expect(ask("now=2026-06-15T12:00Z&month=2026-05")).toEqual({ now: new Date("2026-06-15T12:00:00Z"), month: "2026-05", tz: "UTC" });
    expect(ask("now=2026-06-15T12:00Z&month=")).toMatchObject({ month: null });
    expect(ask("now=2026-06-15T12:00Z")).toMatchObject({ month: null });
    // Given twice, the first value counts (as URLSearchParams.get reads it).
    expect(ask("now=2026-06-15T12:00Z&now=garbage&month=2026-05&month=x")).toMatchObject({ month: "2026-05" });
  });

  it("answers the words of a 400 for a missing or malformed minute, a malformed month, and a month out of its bounds", () => {
    expect(ask("month=2026-05")).toBe("The payout calendar needs now=YYYY-MM-DDTHH:MMZ, the current minute in UTC.");
    expect(ask("now=yesterday")).toBe("The payout calendar needs now=YYYY-MM-DDTHH:MMZ, the current minute in UTC.");
    expect(ask(`now=2026-06-15T12:00Z&month=${"x".repeat(40)}`)).toBe(`month must be a month written YYYY-MM, not "${"x".repeat(20)}".`);
    expect(ask("now=2026-06-15T12:00Z&month=2031-01")).toMatch(/^month must be between \d{4}-\d{2} \(the synced history's first\) and 2026-07, not 2031-01\.$/);
  });
});

describe("the Overview's request", () => {
  it("is its module's schema: the minute, or the sentence asking for it", () => {
    const schema = overviewReport.request!;
    expect(readRequest(schema, new URLSearchParams("now=2026-06-15T12:00Z"))).toEqual({ now: new Date("2026-06-15T12:00:00Z") });
    expect(readRequest(schema, new URLSearchParams(""))).toBe("The overview needs now=YYYY-MM-DDTHH:MMZ, the current minute in UTC.");
    expect(readRequest(schema, new URLSearchParams("now=2026-13-01T00:00Z"))).toBe("The overview needs now=YYYY-MM-DDTHH:MMZ, the current minute in UTC.");
  });
});
