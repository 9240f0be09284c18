import { describe, expect, it } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { buildRevenueView } from "@/lib/reports/server/revenue-report";
import { revenueDatasets } from "@/lib/reports/server/revenue-csv";
import type { KeyType } from "@/lib/sales-api";
import { heldDaysClient, reportParams, type OracleQuery } from "../support/purchase-facts-fixture";

// The currency filter is the server's (issue #25: one definition, applied once): the Revenue
// view of `currency=X` holds X's blocks only, each equal to X's block of the unfiltered view,
// while `currencies` still names every currency (the filter's choices); its CSVs follow.
const query = (keyType: KeyType): OracleQuery => ({ from: "2026-04-01", to: "2026-05-31", timeZone: "America/Sao_Paulo", granularity: "week", keyType, filters: {}, currency: assumeCurrency("brl") });

async function views(keyType: KeyType) {
  const q = query(keyType);
  const all = await buildRevenueView(heldDaysClient(keyType), keyType, reportParams(q, "previous"), { currency: q.currency });
  const currency = all.currencies[all.currencies.length - 1]!;
  const one = await buildRevenueView(heldDaysClient(keyType), keyType, { ...reportParams(q, "previous"), currency }, { currency: q.currency });
  return { all, one, currency };
}

const blocks = ["kpis", "series", "breakdowns", "attach", "funds"] as const;

describe("Revenue's currency filter, on the server", () => {
  it.each(["creator", "affiliate"] as const)("%s key: only the chosen currency's blocks, each as the unfiltered view has it", async (keyType) => {
    const { all, one, currency } = await views(keyType);
    // The fixture's range holds more than one currency, or this test would prove nothing.
    expect(all.currencies.length).toBeGreaterThan(1);
    expect(one.currencies).toEqual(all.currencies);
    for (const name of blocks) {
      const list = one[name] as Array<{ currency: string }>;
      expect(list.every((b) => b.currency === currency), name).toBe(true);
      expect(list, name).toEqual((all[name] as Array<{ currency: string }>).filter((b) => b.currency === currency));
    }
    expect(one.kpis.length).toBe(1);
  });

  it("the summary CSVs of a one-currency report hold that currency only", async () => {
    const { one, currency } = await views("creator");
    const sets = revenueDatasets(one, [], "creator");
    for (const name of ["kpis", "series", "funds", "attach-rates", "breakdown-product"]) {
      const set = sets.get(name)!;
      const rows = [...set.rows] as Array<Record<string, unknown>>;
      expect(rows.length, name).toBeGreaterThan(0);
      expect(rows.every((r) => r.currency === currency), name).toBe(true);
    }
  });
});
