// The shared report parameters as a zod schema (lib/report-params/schema.ts): a report module's
// request extends it, and the routes read a request once with it. It reads a URL as the
// browser's lenient parser does (the same readers), names the shared problems before the
// report's own, and gives the module only its own parameters beside the report.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseReportParams } from "@/lib/report-params/parse";
import { REPORT_PARAMS, readReportRequest, reportRequest } from "@/lib/report-params/schema";

const NOW = new Date("2026-03-10T12:00:00Z");

// Valid, wrong in every way the parser knows, and mixed: each must read alike on both paths.
const URLS = [
  "",
  "from=2026-03-01&to=2026-03-05&granularity=hour",
  "from=2026-03-10&to=2026-03-01",
  "from=2020-01-01&to=2026-03-10&compare=sometimes&dating=never",
  "from=x&to=2026-03-10&tz=Mars/Olympus&currency=euros&preset=forever",
  "preset=last_month&tz=Asia/Tokyo&currency=USD&compare=last_year&dating=event",
  "product=A,B,A&product=C&method=pix&country=br,ZZ&type=front,gift",
  "from=9999-12-01&to=9999-12-31&purchases.sort=price&orders.page=0&carts.hide=email,shoe",
  `offer=${Array.from({ length: 60 }, (_, i) => `o${i}`).join(",")}&currency=unknown:SDM-BRL-197`,
  "from=2026-03-01&from=2025-01-01&to=2026-03-02&to=x&tz=&granularity=",
];

describe("the shared report parameters' schema", () => {
  it.each(URLS)("reads %j as the lenient parser does: the same report, problems and tables' state", (url) => {
    const query = new URLSearchParams(url);
    const raw: Record<string, string | string[]> = {};
    for (const name of new Set(query.keys())) raw[name] = query.getAll(name).length > 1 ? query.getAll(name) : query.get(name)!;
    const lenient = parseReportParams(raw, NOW);
    const read = readReportRequest(REPORT_PARAMS, query, NOW);
    if (lenient.problems.length) expect(read).toEqual({ ok: false, problems: lenient.problems });
    else expect(read).toEqual({ ok: true, report: lenient, asked: {} });
  });

  it("never fails on a shared parameter: every field reads as its nearest valid value beside its problems", () => {
    const fields = REPORT_PARAMS.parse({ tz: "Mars/Olympus", compare: "sometimes", product: ["A", "B"], currency: "euros" });
    expect(fields.tz).toMatchObject({ value: "UTC", issues: [{ code: "unknownZone" }] });
    expect(fields.compare).toMatchObject({ value: "previous", issues: [{ code: "notOneOf" }] });
    expect(fields.product).toEqual({ value: ["A", "B"], issues: [] });
    expect(fields.currency).toMatchObject({ value: null, issues: [{ code: "unknownCurrency" }] });
  });
});

describe("a report's request: the shared schema extended", () => {
  const request = reportRequest({ size: z.enum(["small", "large"], { error: "size must be small or large." }), note: z.string().optional() });

  it("keeps every shared parameter and adds the report's own", () => {
    expect(Object.keys(request.shape)).toEqual(expect.arrayContaining(Object.keys(REPORT_PARAMS.shape)));
    expect(Object.keys(request.shape)).toEqual(expect.arrayContaining(["size", "note"]));
  });

  it("gives the module its own values alone, the first of a name given twice, beside the report", () => {
    const read = readReportRequest(request, new URLSearchParams("from=2026-03-01&to=2026-03-05&size=large&size=small&product=A&product=B"), NOW);
    expect(read).toEqual({ ok: true, report: parseReportParams({ from: "2026-03-01", to: "2026-03-05", product: ["A", "B"] }, NOW), asked: { size: "large" } });
  });

  it("names every problem: the shared ones first, then the report's own", () => {
    expect(readReportRequest(request, new URLSearchParams("tz=Mars/Olympus&size=huge"), NOW)).toEqual({
      ok: false,
      problems: [...parseReportParams({ tz: "Mars/Olympus" }, NOW).problems, "size must be small or large."],
    });
    expect(readReportRequest(request, new URLSearchParams("size=huge"), NOW)).toEqual({ ok: false, problems: ["size must be small or large."] });
    expect(readReportRequest(request, new URLSearchParams("size=small&compare=x"), NOW)).toEqual({ ok: false, problems: parseReportParams({ compare: "x" }, NOW).problems });
  });
});
