import { describe, expect, it } from "vitest";
import { datasetIncompleteReason, INCOMPLETE_HEADER, incompleteReason, textStream, withIncompleteNotice, zipReadme } from "@/lib/reports/server/export-notice";

const complete = { complete: true, incompleteDays: [], invalidRecords: 0, correlationIds: [], oddShapes: 0, unfetchedDays: [] as string[] };

describe("incompleteReason", () => {
  it("is null for a complete period", () => {
    expect(incompleteReason(complete)).toBeNull();
  });

  it("names the days over the limit and the unreadable records with their references, in one ASCII line", () => {
    const reason = incompleteReason({ complete: false, incompleteDays: ["2026-05-09", "2026-05-10"], invalidRecords: 3, correlationIds: ["c-1"], oddShapes: 0, unfetchedDays: [] as string[] });
    expect(reason).toBe("Incomplete: on 2026-05-09, 2026-05-10 a single day held more than 5000 records and only its newest 5000 are included; 3 record(s) came in a shape that could not be read and are left out (reference c-1).");
    expect(reason).toMatch(/^[\x20-\x7e]+$/);
  });

  it("names the days the Sales API did not answer for in time, as runs", () => {
    expect(incompleteReason({ ...complete, complete: false, unfetchedDays: ["2026-05-03", "2026-05-01", "2026-05-02", "2026-05-09"] })).toBe(
      "Incomplete: the Sales API did not answer in time for 2026-05-01 to 2026-05-03, 2026-05-09, so those days are missing.",
    );
  });

  it("still says incomplete when the period is flagged without a listed cause", () => {
    expect(incompleteReason({ ...complete, complete: false })).toMatch(/^Incomplete: /);
  });
});

describe("withIncompleteNotice", () => {
  it("sets the header only when there is a reason", () => {
    expect(withIncompleteNotice(new Response("x"), null).headers.get(INCOMPLETE_HEADER)).toBeNull();
    expect(withIncompleteNotice(new Response("x"), "Incomplete: why.").headers.get(INCOMPLETE_HEADER)).toBe("Incomplete: why.");
  });
});

describe("zipReadme", () => {
  it("lists every file, says which are incomplete and why", async () => {
    const text = zipReadme("Revenue", { from: "2026-05-01", to: "2026-05-31" }, [{ name: "a.csv", reason: null }, { name: "b-incomplete.csv", reason: "Incomplete: x." }]);
    expect(text).toContain("THESE FILES ARE INCOMPLETE");
    expect(text).toContain("a.csv: complete.");
    expect(text).toContain("b-incomplete.csv: Incomplete: x.");
    expect(await new Response(textStream(text)).text()).toBe(text);
    expect(zipReadme("Revenue", { from: "2026-05-01", to: "2026-05-31" }, [{ name: "a.csv", reason: null }])).toContain("Every file is complete.");
  });
});

describe("datasetIncompleteReason", () => {
  const gap = { complete: false, incompleteDays: ["2026-04-09"], invalidRecords: 0, correlationIds: [], oddShapes: 0, unfetchedDays: [] as string[] };
  it("flags a file holding comparison figures when only the comparison is incomplete, and no other file", () => {
    const quality = { ...complete, missingCurrency: 0, assumedCurrency: null, comparison: gap, freshness: null };
    expect(datasetIncompleteReason(quality, false)).toBeNull();
    expect(datasetIncompleteReason(quality, true)).toMatch(/^Incomplete comparison period: on 2026-04-09/);
  });
  it("gives the shown period's reason first", () => {
    expect(datasetIncompleteReason({ ...gap, missingCurrency: 0, assumedCurrency: null, comparison: null, freshness: null }, true)).toMatch(/^Incomplete: on 2026-04-09/);
  });
});
