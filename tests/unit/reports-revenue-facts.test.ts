import { describe, expect, it, vi } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { buildRevenueView } from "@/lib/reports/server/revenue-report";
import type { KeyType } from "@/lib/sales-api";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { filledPurchaseFacts, topProduct } from "../support/filled-purchase-facts";
import { fillFactStore, heldDaysClient, NOW, reportParams, type OracleQuery } from "../support/purchase-facts-fixture";

// A filtered Revenue report reads the purchases fact table when it holds every day of both
// periods as the mirror served them, and is then the very view the records give; a day the
// table holds from another fetch sends the report back to the records.
const held = filledPurchaseFacts("revenue-facts");

// The moment the view was computed is the one thing that differs between two computations.
const view = async (keyType: KeyType, query: OracleQuery, compare: "none" | "previous" | "last_year", facts?: PurchaseFactStore) => {
  const answer = await buildRevenueView(heldDaysClient(keyType), keyType, reportParams(query, compare), { facts, currency: query.currency });
  return JSON.parse(JSON.stringify(answer, (key, value: unknown) => (key === "computedAt" ? 0 : value))) as typeof answer;
};

describe("Revenue with filters from the fact table", () => {
  it.each([
    ["creator", "America/Sao_Paulo", "previous", "day"],
    ["creator", "Europe/London", "none", "week"],
    ["affiliate", "America/New_York", "previous", "day"],
  ] as const)("%s key in %s, comparison %s, per %s: the view the records give", async (keyType, timeZone, compare, granularity) => {
    // The comparison period (2026-03-09 to 04-19) is held too.
    const query: OracleQuery = { from: "2026-04-20", to: "2026-05-31", timeZone, granularity, keyType, filters: { product: [topProduct(), "none"], method: [] }, currency: assumeCurrency("brl") };
    const summarize = vi.spyOn(held.store, "summarize");
    try {
      const fromFacts = await view(keyType, query, compare, held.store);
      expect(summarize).toHaveBeenCalledTimes(compare === "none" ? 1 : 2);
      expect(fromFacts.kpis.length).toBeGreaterThan(0);
      expect(fromFacts).toEqual(await view(keyType, query, compare));
    } finally {
      summarize.mockRestore();
    }
  });

  it("a comparison period the table does not hold: the records answer", async () => {
    const query: OracleQuery = { from: "2026-03-01", to: "2026-05-31", timeZone: "UTC", granularity: "month", keyType: "creator", filters: { product: [topProduct()] }, currency: assumeCurrency("brl") };
    const summarize = vi.spyOn(held.store, "summarize");
    try {
      expect(await view("creator", query, "previous", held.store)).toEqual(await view("creator", query, "previous"));
      expect(summarize).not.toHaveBeenCalled();
    } finally {
      summarize.mockRestore();
    }
  });

  it("a day the table holds from another fetch than the mirror's: the records answer", async () => {
    const day = "2026-04-15";
    await held.store.replaceDay("creator", day, NOW - 1, []);
    const query: OracleQuery = { from: "2026-04-01", to: "2026-04-30", timeZone: "UTC", granularity: "day", keyType: "creator", filters: { product: [topProduct()] }, currency: assumeCurrency("brl") };
    const summarize = vi.spyOn(held.store, "summarize");
    try {
      const answer = await view("creator", query, "none", held.store);
      expect(summarize).not.toHaveBeenCalled();
      expect(answer).toEqual(await view("creator", query, "none"));
      expect(answer.kpis.length).toBeGreaterThan(0);
    } finally {
      summarize.mockRestore();
      await fillFactStore(held.store, "creator", "creator");
    }
  });
});
