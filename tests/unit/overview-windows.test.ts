import { describe, expect, it } from "vitest";
import { overviewMinute, overviewWindows, parseOverviewNow } from "@/lib/reports/overview-windows";
import { overviewLinks } from "@/lib/reports/overview-links";

const at = (iso: string) => new Date(iso);

describe("the Overview's periods from the browser's now", () => {
  it("today so far runs from the zone's midnight to now, against the same weekday a week earlier over as long", () => {
    const w = overviewWindows(at("2026-06-15T12:00:00Z"), "UTC");
    expect(w.today).toBe("2026-06-15");
    expect(w.todaySoFar).toEqual({ fromMs: Date.parse("2026-06-15T00:00:00Z"), toMs: Date.parse("2026-06-15T12:00:00Z") });
    expect(w.weekAgo).toEqual({ day: "2026-06-08", fromMs: Date.parse("2026-06-08T00:00:00Z"), toMs: Date.parse("2026-06-08T12:00:00Z") });
  });

  it("reads today in the report's zone: 01:30 UTC is still yesterday evening in São Paulo", () => {
    const w = overviewWindows(at("2026-06-15T01:30:00Z"), "America/Sao_Paulo");
    expect(w.today).toBe("2026-06-14");
    expect(w.todaySoFar.fromMs).toBe(Date.parse("2026-06-14T03:00:00Z"));
    expect(w.weekAgo.day).toBe("2026-06-07");
    expect(w.weekAgo.toMs - w.weekAgo.fromMs).toBe(w.todaySoFar.toMs - w.todaySoFar.fromMs);
  });

  it("compares the same hours across a clock change: Berlin's 23-hour day a week earlier still gets as many hours", () => {
    // 2026-03-29 02:00 in Berlin the clocks went forward; a week later, 10:00 local is 08:00 UTC.
    const w = overviewWindows(at("2026-04-05T08:00:00Z"), "Europe/Berlin");
    expect(w.todaySoFar.fromMs).toBe(Date.parse("2026-04-04T22:00:00Z"));
    expect(w.weekAgo.fromMs).toBe(Date.parse("2026-03-28T23:00:00Z"));
    expect(w.weekAgo.toMs - w.weekAgo.fromMs).toBe(10 * 3_600_000);
  });

  it("the last 30 days include today, the 30 before end the day before them; the week and the 14 days of funds", () => {
    const w = overviewWindows(at("2026-06-15T12:00:00Z"), "UTC");
    expect(w.last30).toEqual({ from: "2026-05-17", to: "2026-06-15" });
    expect(w.previous30).toEqual({ from: "2026-04-17", to: "2026-05-16" });
    expect(w.week).toEqual({ from: "2026-06-09", to: "2026-06-15" });
    expect(w.funds).toEqual({ from: "2026-06-15", to: "2026-06-28", fromMs: Date.parse("2026-06-15T00:00:00Z"), toMs: Date.parse("2026-06-29T00:00:00Z") });
  });
});

describe("the now the browser sends", () => {
  it("is a UTC minute; seconds, offsets, nonsense and years no report covers are refused", () => {
    expect(parseOverviewNow("2026-06-15T12:00Z")?.toISOString()).toBe("2026-06-15T12:00:00.000Z");
    expect(parseOverviewNow("2026-06-15T12:00:00.000Z")?.toISOString()).toBe("2026-06-15T12:00:00.000Z");
    for (const bad of [null, "", "2026-06-15T12:00:30Z", "2026-06-15T12:00+02:00", "2026-13-15T12:00Z", "1999-06-15T12:00Z", "now"]) expect(parseOverviewNow(bad)).toBeNull();
    expect(overviewMinute(at("2026-06-15T12:34:56.789Z"))).toBe("2026-06-15T12:34Z");
  });
});

describe("each tile's report", () => {
  it("opens on the tile's days, in the tile's zone", () => {
    const links = overviewLinks(overviewWindows(at("2026-06-15T12:00:00Z"), "America/Sao_Paulo"));
    expect(links).toEqual({
      today: "/revenue?from=2026-06-15&to=2026-06-15&tz=America%2FSao_Paulo&granularity=hour",
      last30: "/revenue?from=2026-05-17&to=2026-06-15&tz=America%2FSao_Paulo",
      rates: "/refunds?from=2026-05-17&to=2026-06-15&tz=America%2FSao_Paulo",
      // The money's day by day: the payout calendar (its month is today's).
      funds: "/payouts?tz=America%2FSao_Paulo",
      abandoned: "/abandonment?from=2026-06-09&to=2026-06-15&tz=America%2FSao_Paulo",
      top: "/revenue?from=2026-05-17&to=2026-06-15&tz=America%2FSao_Paulo#breakdowns-title",
    });
    expect(overviewLinks(overviewWindows(at("2026-06-15T12:00:00Z"), "UTC")).last30).toBe("/revenue?from=2026-05-17&to=2026-06-15");
    expect(overviewLinks(overviewWindows(at("2026-06-15T12:00:00Z"), "UTC")).funds).toBe("/payouts");
  });
});
