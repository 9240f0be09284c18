import { describe, expect, it } from "vitest";
import { offerCurrencyOf } from "@/lib/analytics/abandonment-currency";
import { recoveredSeries, recoveryDelays, RECOVERY_DELAY_BUCKETS } from "@/lib/analytics/abandonment-recovery";
import { carts, purchases } from "./analytics-abandonment-fixture";

const currencyOf = offerCurrencyOf(purchases);

describe("recoveryDelays", () => {
  it("median, p90 and histogram of the minutes from abandonment to purchase", () => {
    // Measured: c6 30, c9 60, c1 120, c4 4320 (exactly 72 h), c8 4321; c7 has no timestamps.
    expect(recoveryDelays(carts, { currencyOf })).toEqual({
      recoveredCarts: 6,
      measured: 5,
      unmeasured: 1,
      medianMinutes: 120,
      p90Minutes: 4321, // rank ⌈0.9 × 5⌉ = 5
      buckets: [
        { key: "under1h", label: "< 1 h", carts: 1 }, // c6
        { key: "1to6h", label: "1–6 h", carts: 2 }, // c9 at exactly 1 h, c1
        { key: "6to24h", label: "6–24 h", carts: 0 },
        { key: "1to3d", label: "1–3 days", carts: 1 }, // c4 at exactly 72 h
        { key: "over3d", label: "> 3 days", carts: 1 }, // c8
      ],
      recovered: [
        { currency: "brl", count: 2, amount: 198.1 }, // c1 197.90, c7 0.20
        { currency: "unknown:OX", count: 2, amount: 15 },
        { currency: "usd", count: 2, amount: 59.05 },
      ],
    });
  });

  it("puts 6 h and 24 h in the later bucket, and answers nulls without recoveries", () => {
    const at = (minutes: number) => ({
      isRecovered: true,
      amountTransaction: 1,
      sessionInitializedAt: "2026-06-01T00:00:00Z",
      abandonedAt: "2026-06-01T00:00:00Z",
      purchasedAt: new Date(Date.parse("2026-06-01T00:00:00Z") + minutes * 60_000).toISOString().replace(".000", ""),
    });
    expect(recoveryDelays([at(359), at(360), at(1439), at(1440)]).buckets.map((b) => b.carts)).toEqual([0, 1, 2, 1, 0]);
    expect(RECOVERY_DELAY_BUCKETS.map((b) => b.key)).toEqual(["under1h", "1to6h", "6to24h", "1to3d", "over3d"]);
    expect(recoveryDelays(carts.filter((c) => !c.isRecovered))).toMatchObject({ recoveredCarts: 0, medianMinutes: null, p90Minutes: null, recovered: [] });
  });
});

describe("recoveredSeries", () => {
  it("places recovered value by local day of purchasedAt, per currency", () => {
    const series = recoveredSeries(carts, { currencyOf, from: "2026-06-01", to: "2026-06-08", granularity: "day", timeZone: "America/Sao_Paulo" });
    const nonEmpty = series.map((s) => [s.currency, s.count, s.amount, s.points.filter((p) => p.count).map((p) => [p.bucket, p.amount])]);
    expect(nonEmpty).toEqual([
      ["unknown:OX", 2, 15, [["2026-06-01", 5], ["2026-06-07", 10]]], // c9 06-02 02:20Z, c6 06-07 04:15Z
      ["usd", 2, 59.05, [["2026-06-06", 49], ["2026-06-08", 10.05]]], // c4, c8
      ["brl", 1, 197.9, [["2026-06-01", 197.9]]], // c1; c7 has no purchasedAt
    ]);
  });
});
