import { describe, expect, it } from "vitest";
import { offerCurrencyOf } from "@/lib/analytics/abandonment-currency";
import {
  abandonedByCountry,
  abandonedByCountryState,
  abandonedByOffer,
  abandonedByProduct,
  abandonedSeries,
  heatmap,
  HEATMAP_WEEKDAYS,
} from "@/lib/analytics/abandonment-where";
import { carts, purchases } from "./analytics-abandonment-fixture";

const currencyOf = offerCurrencyOf(purchases);

describe("where carts are abandoned", () => {
  it("by offer, labelled by name (code when unnamed)", () => {
    expect(abandonedByOffer(carts, { currencyOf })).toEqual([
      { key: "OB", label: "Curso BR", count: 4, values: [{ currency: "brl", count: 4, amount: 295.7 }] },
      { key: "OU", label: "Course US", count: 3, values: [{ currency: "usd", count: 3, amount: 59.25 }] },
      { key: "OX", label: "OX", count: 2, values: [{ currency: "unknown:OX", count: 2, amount: 15 }] },
    ]);
  });

  it("by product: one product sold in two currencies keeps two values", () => {
    expect(abandonedByProduct(carts, { currencyOf })).toEqual([
      {
        key: "Photo Course",
        label: "Photo Course",
        count: 7,
        values: [{ currency: "brl", count: 4, amount: 295.7 }, { currency: "usd", count: 3, amount: 59.25 }],
      },
      { key: "Ebook", label: "Ebook", count: 2, values: [{ currency: "unknown:OX", count: 2, amount: 15 }] },
    ]);
  });

  it("by shipping country, and by country and state", () => {
    expect(abandonedByCountry(carts, { currencyOf })).toEqual([
      // c1 c2 c3 c7 (brl) and c6 (unknown: offer OX)
      { key: "BR", label: "BR", count: 5, values: [{ currency: "brl", count: 4, amount: 295.7 }, { currency: "unknown:OX", count: 1, amount: 10 }] },
      { key: "US", label: "US", count: 3, values: [{ currency: "usd", count: 3, amount: 59.25 }] },
      { key: "none", label: "none", count: 1, values: [{ currency: "unknown:OX", count: 1, amount: 5 }] }, // c9
    ]);
    expect(abandonedByCountryState(carts, { currencyOf })).toEqual([
      { key: "BR/SP", label: "SP, BR", country: "BR", state: "SP", count: 3, values: [{ currency: "brl", count: 2, amount: 295.4 }, { currency: "unknown:OX", count: 1, amount: 10 }] },
      { key: "BR/RJ", label: "RJ, BR", country: "BR", state: "RJ", count: 2, values: [{ currency: "brl", count: 2, amount: 0.3 }] }, // 0.10 + 0.20 in cents
      { key: "US/NY", label: "NY, US", country: "US", state: "NY", count: 2, values: [{ currency: "usd", count: 2, amount: 10.25 }] },
      { key: "US/CA", label: "CA, US", country: "US", state: "CA", count: 1, values: [{ currency: "usd", count: 1, amount: 49 }] },
      { key: "none/none", label: "none, none", country: "none", state: "none", count: 1, values: [{ currency: "unknown:OX", count: 1, amount: 5 }] },
    ]);
  });
});

const cellsAt = (cells: number[][]) => cells.flatMap((row, d) => row.flatMap((n, h) => (n ? [[HEATMAP_WEEKDAYS[d], h, n]] : [])));

describe("heatmap", () => {
  it("counts session starts by local weekday and hour", () => {
    const map = heatmap(carts, "America/Sao_Paulo"); // UTC−3
    expect(map.cells).toHaveLength(7);
    expect(map.cells.every((row) => row.length === 24)).toBe(true);
    expect(cellsAt(map.cells)).toEqual([
      ["Mon", 10, 2], // c1 13:00Z, c5 13:30Z on Monday 06-01
      ["Mon", 22, 1], // c9 Tuesday 01:00Z
      ["Tue", 11, 1], // c3
      ["Wed", 17, 1], // c4
      ["Thu", 9, 1], // c7
      ["Fri", 7, 1], // c8
      ["Sun", 0, 1], // c6 06-07 03:00Z
      ["Sun", 23, 1], // c2 Monday 02:00Z is Sunday 23:00 in São Paulo
    ]);
    expect(map.total).toBe(9);
    expect(map.max).toBe(2);
    expect(map.cells.flat().reduce((a, b) => a + b, 0)).toBe(carts.length);
  });

  it("reads each offset of a DST change, and refuses an unknown zone", () => {
    const spring = [{ sessionInitializedAt: "2026-03-29T00:30:00Z" }, { sessionInitializedAt: "2026-03-29T01:30:00Z" }];
    expect(cellsAt(heatmap(spring, "Europe/Berlin").cells)).toEqual([
      ["Sun", 1, 1], // 01:30 CET
      ["Sun", 3, 1], // 03:30 CEST: 02:00–03:00 does not exist that day
    ]);
    expect(cellsAt(heatmap(carts, "UTC").cells)[0]).toEqual(["Mon", 2, 1]); // c2
    expect(heatmap([], "UTC")).toMatchObject({ total: 0, max: 0 });
    expect(() => heatmap(carts, "Mars/Olympus")).toThrow(RangeError);
  });
});

describe("abandonedSeries", () => {
  it("places carts by local day of the session start, per currency", () => {
    const series = abandonedSeries(carts, { currencyOf, from: "2026-06-01", to: "2026-06-07", granularity: "day", timeZone: "America/Sao_Paulo" });
    expect(series.map((s) => [s.currency, s.count, s.amount])).toEqual([
      ["brl", 3, 198.2], // c1 197.90, c3 0.10, c7 0.20; c2 started on 05-31 local time
      ["usd", 3, 59.25],
      ["unknown:OX", 2, 15],
    ]);
    expect(series[0]!.points.map((p) => [p.bucket, p.count, p.amount])).toEqual([
      ["2026-06-01", 1, 197.9],
      ["2026-06-02", 1, 0.1],
      ["2026-06-03", 0, 0],
      ["2026-06-04", 1, 0.2],
      ["2026-06-05", 0, 0],
      ["2026-06-06", 0, 0],
      ["2026-06-07", 0, 0],
    ]);
    // c9 (02 June 01:00Z) is 1 June 22:00 local; c6 (7 June 03:00Z) is 7 June 00:00
    expect(series[2]!.points.filter((p) => p.count).map((p) => [p.bucket, p.amount])).toEqual([
      ["2026-06-01", 5],
      ["2026-06-07", 10],
    ]);
  });
});
