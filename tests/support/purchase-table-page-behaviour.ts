import { describe, expect, it } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { purchaseTablePageFromFacts, purchaseTablePlan } from "@/lib/query/purchase-table-query";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";
import { PURCHASE_SORT_KEYS, purchaseRowsPage } from "@/lib/reports/server/purchase-rows";
import type { KeyType } from "@/lib/sales-api";
import { filledBackendPurchaseFacts } from "./filled-purchase-facts";
import type { PurchaseFactBackend } from "./purchase-fact-store-behaviour";
import { heldDaysClient, purchaseDays, reportParams, type OracleQuery } from "./purchase-facts-fixture";
import { tablePagesAreToday } from "./table-pages";
import { mostCommon } from "./views-from-facts";

// The purchases table's page from a fact store, held to today's page (purchaseRowsPage over the
// records the Revenue loader gives) on the sandbox's data: the same purchases in the same order,
// the same total and page number, for every sort key, both directions, the first, a middle, the
// last and a page past the last. Every back-end runs it: SQLite in tests/unit, PostgreSQL in
// tests/backends.

interface Case { name: string; query: Omit<OracleQuery, "granularity" | "currency"> }

const all = (keyType: KeyType) => [...purchaseDays(keyType).values()].flat();

function cases(): Case[] {
  const creator = all("creator");
  const method = mostCommon(creator.map((p) => p.paymentMethod || "none"));
  const product = mostCommon(creator.map((p) => p.productName || "none"));
  return [
    { name: "a creator's range in São Paulo, no filter", query: { from: "2026-02-21", to: "2026-06-13", timeZone: "America/Sao_Paulo", keyType: "creator", filters: {} } },
    { name: "a creator's month in Kathmandu, one payment method and a card brand's 'none'", query: { from: "2026-04-01", to: "2026-04-30", timeZone: "Asia/Kathmandu", keyType: "creator", filters: { method: [method], brand: ["none", "visa"] } } },
    { name: "a creator's purchases without a product, or of the commonest one, in New York", query: { from: "2026-03-01", to: "2026-05-31", timeZone: "America/New_York", keyType: "creator", filters: { product: ["none", product] } } },
    { name: "an affiliate's commissions in St John's, without an affiliate or in Brazil", query: { from: "2026-03-01", to: "2026-04-15", timeZone: "America/St_Johns", keyType: "affiliate", filters: { country: ["none", "BR"] } } },
    { name: "nothing: a product no record has", query: { from: "2026-03-01", to: "2026-03-31", timeZone: "UTC", keyType: "creator", filters: { product: ["no such product"] } } },
  ];
}

export function purchaseTablePageBehaviour(name: string, backend: PurchaseFactBackend): void {
  describe(`${name}: the purchases table's page`, () => {
    const facts = filledBackendPurchaseFacts(backend);

    for (const { name: caseName, query } of cases()) {
      it(`is today's page: ${caseName}`, async () => {
        const loaded = await loadRevenueRecords(heldDaysClient(query.keyType), reportParams({ ...query, granularity: "day", currency: assumeCurrency("brl") }), { currency: assumeCurrency("brl") });
        const records = loaded.current;
        const dayOf = new Map<number, string>();
        for (const [day, held] of purchaseDays(query.keyType)) for (const p of held) dayOf.set(p.purchaseId, day);
        const pageSize = 37;
        const compared = await tablePagesAreToday({
          sortKeys: PURCHASE_SORT_KEYS,
          rows: records.length,
          pageSize,
          today: (request) => purchaseRowsPage(records, query.keyType, loaded.currency.currency, { ...request, timeZone: query.timeZone }),
          fromStore: (request) => purchaseTablePageFromFacts(facts.store, query.keyType, { ...query, ...request }),
          idOf: (i) => i.purchaseId,
          dayOf: (id) => dayOf.get(id),
        });
        if (caseName.startsWith("nothing")) expect(records).toEqual([]);
        else expect(compared).toBeGreaterThan(PURCHASE_SORT_KEYS.length * 2 * pageSize * 3);
      });
    }

    it("names, among ids, only the rows of the account's range and filters, with their days", async () => {
      const query = { from: "2026-04-01", to: "2026-04-30", timeZone: "America/Sao_Paulo", filters: { country: ["BR", "none"] } };
      const loaded = await loadRevenueRecords(heldDaysClient("creator"), reportParams({ ...query, keyType: "creator", granularity: "day", currency: assumeCurrency("brl") }), { currency: assumeCurrency("brl") });
      const inRange = new Set(loaded.current.map((p) => p.purchaseId));
      const held = [...purchaseDays("creator")].flatMap(([day, records]) => records.map((p) => ({ id: p.purchaseId, day })));
      const asked = [...held.filter((h) => inRange.has(h.id)).slice(0, 30), ...held.filter((h) => !inRange.has(h.id)).slice(0, 30)];
      const located = await facts.store.locatePurchases("creator", purchaseTablePlan(query), asked.map((h) => h.id));
      expect(located.map(({ purchaseId, day }) => ({ id: purchaseId, day })).sort((a, b) => a.id - b.id)).toEqual(asked.filter((h) => inRange.has(h.id)).sort((a, b) => a.id - b.id));
      expect(located.length).toBe(30);
      expect(await facts.store.locatePurchases("another account", purchaseTablePlan(query), asked.map((h) => h.id))).toEqual([]);
      expect(await facts.store.locatePurchases("creator", purchaseTablePlan(query), [])).toEqual([]);
    });
  });
}
