import { describe, expect, it, vi } from "vitest";
import { assumeCurrency, type CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { PURCHASE_SORT_KEYS, purchaseRowsPage, type PurchaseSortKey } from "@/lib/reports/server/purchase-rows";
import { purchaseDetails } from "@/lib/reports/server/purchase-rows";
import { purchaseDetailsFromFacts, purchasePageFromFacts } from "@/lib/reports/server/purchase-table-facts";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";
import type { KeyType } from "@/lib/sales-api";
import { countingClient as countingHeldClient } from "../support/counting-client";
import { filledPurchaseFacts, topProduct } from "../support/filled-purchase-facts";
import { heldDaysClient, NOW, purchaseDays, reportParams, utcDays, type OracleQuery } from "../support/purchase-facts-fixture";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import type { RangeOptions } from "@/lib/mirror/range-types";

// The purchases table's page from the fact table is the page the records give (rows, order,
// total, formatting), and opens only the days that hold its purchases; a table that does not
// hold the range as the mirror serves it answers nothing (the route pages the records).
const held = filledPurchaseFacts("table-facts");

/** heldDaysClient, counting the days whose records it hands out (a day's digest opens no record). */
const countingClient = (keyType: KeyType, stampOf?: (day: string) => number) => countingHeldClient(heldDaysClient(keyType), stampOf);

const dayOfPurchase = (keyType: KeyType) => {
  const days = new Map<string, string>();
  for (const [day, records] of purchaseDays(keyType)) for (const p of records) days.set(String(p.purchaseId), day);
  return days;
};

async function recordsPage(query: OracleQuery, request: { page: number; pageSize: number; sort: PurchaseSortKey; dir: "asc" | "desc" }, currency?: CurrencyAssumption) {
  const loaded = await loadRevenueRecords(heldDaysClient(query.keyType), reportParams(query), { currency });
  return purchaseRowsPage(loaded.current, query.keyType, loaded.currency.currency, { ...request, timeZone: query.timeZone });
}

describe("the purchases table's page from the fact table", () => {
  it.each([
    ["creator", "UTC", "createdAt", "desc", 1, undefined],
    ["creator", "UTC", "amount", "asc", 7, "brl"],
    ["creator", "America/Sao_Paulo", "product", "desc", 4, undefined],
    ["creator", "Asia/Kathmandu", "country", "asc", 1_000_000, undefined],
    ["affiliate", "UTC", "amount", "desc", 2, undefined],
    ["affiliate", "America/New_York", "method", "asc", 3, "usd"],
  ] as const)("%s key in %s, by %s %s, page %s (currency setting %s): the records' page, from the days of its rows", async (keyType, timeZone, sort, dir, page, setting) => {
    const query: OracleQuery = { from: "2026-03-01", to: "2026-05-31", timeZone, granularity: "day", keyType, filters: keyType === "creator" ? { product: [topProduct(), "none"] } : {}, currency: assumeCurrency(setting ?? null) };
    const currency = setting ? assumeCurrency(setting) : undefined;
    const request = { page, pageSize: 50, sort, dir, timeZone } as const;
    const { client, opened } = countingClient(keyType);
    const answer = await purchasePageFromFacts(client, keyType, reportParams(query), request, held.store, { currency });
    const expected = await recordsPage(query, request, currency);
    expect(expected.items.length).toBeGreaterThan(0);
    expect(answer).toEqual(expected);
    // The days opened: those of the page's rows, and in a zone other than UTC the two UTC days
    // the local range cuts in two (their summaries are made from their records).
    const rowDays = new Set(expected.items.map((r) => dayOfPurchase(keyType).get(r.id)!));
    const edges = timeZone === "UTC" ? [] : ["2026-02-28", "2026-03-01", "2026-05-31", "2026-06-01"];
    expect(new Set(opened.filter((d) => !edges.includes(d)))).toEqual(new Set([...rowDays].filter((d) => !edges.includes(d))));
    expect(opened.filter((d) => !edges.includes(d)).length).toBe([...rowDays].filter((d) => !edges.includes(d)).length);
    expect(opened.length).toBeLessThan(utcDays("2026-03-01", "2026-05-31").length / 2);
  });

  it("answers every sort key both ways as the records do, with the setting's currency and without", async () => {
    for (const sort of PURCHASE_SORT_KEYS) {
      for (const dir of ["asc", "desc"] as const) {
        const query: OracleQuery = { from: "2026-04-01", to: "2026-04-30", timeZone: "UTC", granularity: "day", keyType: "creator", filters: {}, currency: assumeCurrency(null) };
        const request = { page: 3, pageSize: 25, sort, dir, timeZone: "UTC" } as const;
        expect(await purchasePageFromFacts(countingClient("creator").client, "creator", reportParams(query), request, held.store)).toEqual(await recordsPage(query, request));
      }
    }
  });

  it("answers nothing when the table holds a day from another fetch than the mirror's: the records' page is made instead", async () => {
    const query: OracleQuery = { from: "2026-03-01", to: "2026-03-31", timeZone: "UTC", granularity: "day", keyType: "creator", filters: {}, currency: assumeCurrency("brl") };
    const page = vi.spyOn(held.store, "purchasePage");
    try {
      const { client } = countingClient("creator", (day) => (day === "2026-03-15" ? NOW + 1 : NOW));
      expect(await purchasePageFromFacts(client, "creator", reportParams(query), { page: 1, pageSize: 50, sort: "createdAt", dir: "desc" }, held.store)).toBeNull();
      expect(page).not.toHaveBeenCalled();
    } finally {
      page.mockRestore();
    }
  });

  it("answers nothing when a day of the page was fetched again after the table was read", async () => {
    const query: OracleQuery = { from: "2026-03-01", to: "2026-03-31", timeZone: "UTC", granularity: "day", keyType: "creator", filters: {}, currency: assumeCurrency("brl") };
    const { client } = countingClient("creator");
    const again = {
      ...client,
      // The range's summaries are read at the table's stamps; a day opened alone has a newer one.
      fetchRange: async (resource: string, window: { from: string; to: string }, options?: RangeOptions) => {
        const answer = await client.fetchRange(resource as "purchases", window as never, options);
        if (window.from !== window.to) return answer;
        return { ...answer, report: { ...answer.report, fetchedAt: answer.report.fetchedAt.map(([day]) => [day, NOW + 1]) } };
      },
    } as unknown as MirroredClient;
    expect(await purchasePageFromFacts(again, "creator", reportParams(query), { page: 1, pageSize: 50, sort: "createdAt", dir: "desc" }, held.store)).toBeNull();
  });
});

describe("the customer details of the purchases table's rows, from the fact table", () => {
  it("answers only ids of rows of the account, range and filters, opening only their days", async () => {
    const filters = { country: ["BR", "none"] };
    const query: OracleQuery = { from: "2026-04-01", to: "2026-04-30", timeZone: "UTC", granularity: "day", keyType: "creator", filters, currency: assumeCurrency("brl") };
    const records = (await loadRevenueRecords(heldDaysClient("creator"), reportParams(query), { currency: query.currency })).current;
    const shown = records.slice(40, 60);
    expect(shown.length).toBe(20);
    const inRange = new Set(records.map((p) => p.purchaseId));
    const all = [...purchaseDays("creator").values()].flat();
    // Purchases of the account outside the range, or in the range but not of the filters.
    const outside = all.filter((p) => !inRange.has(p.purchaseId)).slice(0, 5).map((p) => String(p.purchaseId));
    const filteredOut = all.filter((p) => !inRange.has(p.purchaseId) && p.checkoutInitializedAt.startsWith("2026-04-1")).slice(0, 5).map((p) => String(p.purchaseId));
    expect(filteredOut.length).toBe(5);
    // Another account's purchases, and texts that only read as a shown id's number.
    const affiliate = [...purchaseDays("affiliate").values()].flat().filter((p) => !inRange.has(p.purchaseId)).slice(0, 3).map((p) => String(p.purchaseId));
    const id = String(shown[0]!.purchaseId);
    const ids = [...shown.map((p) => String(p.purchaseId)), ...outside, ...filteredOut, ...affiliate, `0${id}`, `${id}.0`, ` ${id}`, "x"];
    const { client, opened } = countingClient("creator");
    const answer = await purchaseDetailsFromFacts(client, reportParams(query), ids, held.store, { currency: query.currency });
    expect(answer).toEqual(Object.fromEntries(shown.map((p) => [String(p.purchaseId), purchaseDetails(p)])));
    expect(Object.values(answer!).some((d) => d.email !== "")).toBe(true);
    const dayOf = dayOfPurchase("creator");
    expect(new Set(opened)).toEqual(new Set(shown.map((p) => dayOf.get(String(p.purchaseId)))));
  });

  it("answers nothing when the table does not hold the range as the mirror serves it", async () => {
    const query: OracleQuery = { from: "2026-04-01", to: "2026-04-30", timeZone: "UTC", granularity: "day", keyType: "creator", filters: {}, currency: assumeCurrency("brl") };
    const { client } = countingClient("creator", (day) => (day === "2026-04-02" ? NOW - 1 : NOW));
    const id = String(purchaseDays("creator").get("2026-04-10")![0]!.purchaseId);
    expect(await purchaseDetailsFromFacts(client, reportParams(query), [id], held.store)).toBeNull();
  });
});
