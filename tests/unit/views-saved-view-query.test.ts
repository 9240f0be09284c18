// What a saved view keeps of a report's URL (lib/views/saved-view-query.ts): the report's own
// parameters checked by the report's parsers, only its own tables' columns and sort, a preset
// as a preset, a fixed range as its dates; anything the report would refuse, refused in words.
import { describe, expect, it } from "vitest";
import { savedViewName, savedViewQuery } from "@/lib/views/saved-view-query";

const NOW = new Date("2026-06-15T12:00:00Z");
const kept = (report: Parameters<typeof savedViewQuery>[0], query: string) => {
  const answer = savedViewQuery(report, query, NOW);
  if (!answer.ok) throw new Error(answer.problems.join(" "));
  return Object.fromEntries(new URLSearchParams(answer.query));
};

describe("savedViewQuery", () => {
  it("keeps a fixed range, the comparison, zone, currency, filters and the report's table state", () => {
    expect(kept("revenue", "?from=2026-05-04&to=2026-05-17&tz=America%2FSao_Paulo&compare=last_year&currency=BRL&method=pix,credit_card&purchases.hide=offer,country&purchases.sort=amount&purchases.dir=asc")).toEqual({
      from: "2026-05-04", to: "2026-05-17", tz: "America/Sao_Paulo", compare: "last_year", currency: "brl", method: "pix,credit_card",
      "purchases.hide": "offer,country", "purchases.sort": "amount", "purchases.dir": "asc",
    });
  });

  it("keeps a preset as a preset, without the dates it had the day it was saved", () => {
    expect(kept("orders", "preset=last_7_days&from=2026-06-09&to=2026-06-15&tz=UTC")).toEqual({ preset: "last_7_days", tz: "UTC" });
  });

  it("writes the zone even when it is UTC (a URL without one means the browser's)", () => {
    expect(kept("revenue", "from=2026-05-01&to=2026-05-31")).toEqual({ from: "2026-05-01", to: "2026-05-31", tz: "UTC" });
  });

  it("keeps a granularity only when the URL chose one, and the dating only for Refunds", () => {
    expect(kept("revenue", "from=2026-05-01&to=2026-05-31&tz=UTC&dating=event").granularity).toBeUndefined();
    expect(kept("revenue", "from=2026-05-01&to=2026-05-31&tz=UTC&granularity=week").granularity).toBe("week");
    expect(kept("revenue", "from=2026-05-01&to=2026-05-31&tz=UTC&dating=event").dating).toBeUndefined();
    expect(kept("refunds", "from=2026-05-01&to=2026-05-31&tz=UTC&dating=event").dating).toBe("event");
  });

  it("leaves out unknown keys, another report's tables and a table's page", () => {
    expect(kept("revenue", "from=2026-05-01&to=2026-05-31&tz=UTC&utm_source=mail&orders.hide=carrier&purchases.page=3&carts.sort=amount")).toEqual({ from: "2026-05-01", to: "2026-05-31", tz: "UTC" });
    expect(kept("refunds", "from=2026-05-01&to=2026-05-31&tz=UTC&refunds.hide=buyerEmail&chargebacks.sort=amount&purchases.hide=offer")).toEqual({
      from: "2026-05-01", to: "2026-05-31", tz: "UTC", "refunds.hide": "buyerEmail", "chargebacks.sort": "amount",
    });
  });

  it("keeps the Affiliates leaderboard's sort and its own filter, for that report only", () => {
    expect(kept("affiliates", "from=2026-05-01&to=2026-05-31&tz=UTC&affiliates.sort=refundRate&affiliates.dir=asc&affiliates.q=%20nina%20&affiliates.flagged=true&affiliates.page=2")).toEqual({
      from: "2026-05-01", to: "2026-05-31", tz: "UTC", "affiliates.sort": "refundRate", "affiliates.dir": "asc", "affiliates.q": "nina", "affiliates.flagged": "true",
    });
    expect(kept("revenue", "from=2026-05-01&to=2026-05-31&tz=UTC&affiliates.q=nina&affiliates.flagged=true")).toEqual({ from: "2026-05-01", to: "2026-05-31", tz: "UTC" });
    expect(savedViewQuery("affiliates", "from=2026-05-01&to=2026-05-31&affiliates.sort=amount", NOW).ok).toBe(false);
  });

  it("refuses what the report refuses, in words", () => {
    const cases = [
      ["revenue", "from=2026-13-01&to=2026-05-31", /start/i],
      ["revenue", "from=2026-05-01&to=2026-05-31&tz=Mars%2FOlympus", /Mars\/Olympus/],
      ["revenue", "preset=next_week", /next_week/],
      ["revenue", "from=2026-05-01&to=2026-05-31&compare=sometimes", /sometimes/],
      ["revenue", "from=2026-05-01&to=2026-05-31&purchases.hide=password", /password/],
      ["orders", "from=2026-05-01&to=2026-05-31&orders.sort=secret", /secret/],
      ["refunds", "from=2026-05-01&to=2026-05-31&refunds.hide=%3Cscript%3E", /script/],
      ["revenue", `from=2026-05-01&to=2026-05-31&product=${"x".repeat(9000)}`, /too long/],
    ] as const;
    for (const [report, query, problem] of cases) {
      const answer = savedViewQuery(report, query, NOW);
      expect(answer.ok, query.slice(0, 80)).toBe(false);
      if (!answer.ok) expect(answer.problems.join(" ")).toMatch(problem);
    }
  });

  it("answers the same whatever the day it runs for a fixed range", () => {
    const a = savedViewQuery("revenue", "from=2026-05-01&to=2026-05-31&tz=UTC", new Date("2026-06-15T00:00:00Z"));
    const b = savedViewQuery("revenue", "from=2026-05-01&to=2026-05-31&tz=UTC", new Date("2031-01-01T00:00:00Z"));
    expect(a).toEqual(b);
  });
});

describe("savedViewName", () => {
  it("tidies spaces and control characters, and refuses an empty or long name", () => {
    expect(savedViewName("  Weekly \n  card\tsales ")).toEqual({ ok: true, name: "Weekly card sales" });
    expect(savedViewName(" \u0007 ")).toEqual({ ok: false, problem: "empty" });
    expect(savedViewName("x".repeat(60))).toEqual({ ok: true, name: "x".repeat(60) });
    expect(savedViewName("x".repeat(61))).toEqual({ ok: false, problem: "tooLong" });
    // Characters, not UTF-16 units: sixty emoji are a name of sixty.
    expect(savedViewName("📈".repeat(60)).ok).toBe(true);
  });
});
