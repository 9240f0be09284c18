import { describe, expect, it } from "vitest";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { salesOfColumns } from "@/lib/store/fact-sale-columns";
import type { StoreBackend } from "./fact-day-store-behaviour";
import { saleMaker, twoDaysPlan as plan, withTwoDays } from "./two-sale-days";

// What the Refunds report reads from a purchases fact store, dated by sale: per placed currency
// the sales and the refunded ones (full or partial, refunded cents, the commission they lost),
// the refunded sales by product, offer, type, method and psp with the offers' labels, the days
// with sales, and the sales a chargeback names. SQLite runs it in tests/unit, PostgreSQL in
// tests/backends.

export type RefundFactBackend = StoreBackend<PurchaseFactStore>;

const sale = saleMaker((id) => ({ orderId: 100 + id, offerName: "First", paymentMethod: "credit_card", psp: "stripe" }));

// Each sale is 100.00 with a 20.00 commission. 2: half refunded; 3: all of it (product Q, offer
// OFF2); 4: more than all of it, in brl; 5: no currency (placed in brl), a refund below a cent;
// 6, the next day: 30.00 refunded by pix, its offer renamed.
const DAY_ONE = [
  sale(1, {}),
  sale(2, { amountRefunded: 50 }),
  sale(3, { amountRefunded: 100, productName: "Q", offerCode: "OFF2", offerName: "Second" }),
  sale(4, { amountRefunded: 150, currency: "brl" }),
  sale(5, { amountRefunded: 0.001, currency: undefined as unknown as string }),
];
const DAY_TWO = [sale(6, { amountRefunded: 30, paymentMethod: "pix", offerName: "Renamed", checkoutInitializedAt: "2026-03-11T03:00:00Z" })];

const sorted = <T>(list: T[]) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

export function refundFactStoreBehaviour(name: string, backend: RefundFactBackend): void {
  describe(`${name}: the Refunds report's groups`, () => {
    const withRows = withTwoDays(backend, DAY_ONE, DAY_TWO);

    it("sum the sales and the refunded ones per placed currency: full or partial, refunded cents, the commission they lost", async () => {
      await withRows(async (store) => {
        const groups = await store.refundGroups("acct", plan());
        expect(sorted(groups.sums)).toEqual([
          { currency: "brl", sales: 2, transaction: 20_000, refunds: 1, full: 1, partial: 0, refunded: 15_000, commissionLost: 2_000 },
          { currency: "usd", sales: 4, transaction: 40_000, refunds: 3, full: 1, partial: 2, refunded: 18_000, commissionLost: 3_600 },
        ]);
        expect(groups.days).toEqual(["2026-03-10", "2026-03-11"]);
      });
    });

    it("split the refunded sales by each dimension, each offer labelled by its newest refunded sale", async () => {
      await withRows(async (store) => {
        const groups = await store.refundGroups("acct", plan());
        const of = (dimension: string) => sorted(groups.cells.filter((c) => c.dimension === dimension).map((c) => ({ currency: c.currency, key: c.key, sales: c.sales, refunded: c.refunded, commissionLost: c.commissionLost })));
        expect(of("product")).toEqual([
          { currency: "brl", key: "P", sales: 1, refunded: 15_000, commissionLost: 2_000 },
          { currency: "usd", key: "P", sales: 2, refunded: 8_000, commissionLost: 1_600 },
          { currency: "usd", key: "Q", sales: 1, refunded: 10_000, commissionLost: 2_000 },
        ]);
        expect(of("paymentMethod").map((c) => [c.currency, c.key, c.sales])).toEqual([["brl", "credit_card", 1], ["usd", "credit_card", 2], ["usd", "pix", 1]]);
        expect(of("psp").map((c) => [c.currency, c.key, c.sales])).toEqual([["brl", "stripe", 1], ["usd", "stripe", 3]]);
        expect(groups.cells.some((c) => c.dimension === "cardBrand" || c.dimension === "affiliate")).toBe(false);
        expect(sorted(groups.labels)).toEqual([
          { currency: "brl", offer: "OFF", label: "First" },
          { currency: "usd", offer: "OFF", label: "Renamed" },
          { currency: "usd", offer: "OFF2", label: "Second" },
        ]);
      });
    });

    it("keep to the range and the filters", async () => {
      await withRows(async (store) => {
        const groups = await store.refundGroups("acct", { ...plan({ product: ["P"] }), endMs: Date.parse("2026-03-11T00:00:00Z") });
        expect(sorted(groups.sums).map((s) => [s.currency, s.sales, s.refunds, s.refunded])).toEqual([["brl", 2, 1, 15_000], ["usd", 2, 1, 5_000]]);
        expect(groups.days).toEqual(["2026-03-10"]);
        expect(await store.refundGroups("nobody", plan())).toEqual({ sums: [], cells: [], labels: [], days: [] });
      });
    });

    it("place the given sales among the range's rows after the filters, with their placed currency and cents", async () => {
      await withRows(async (store) => {
        expect(salesOfColumns(await store.salesOf("acct", plan(), [999, 6, 5, 4, 2]))).toEqual([
          { purchaseId: 6, currency: "usd", transaction: 10_000, affiliation: 2_000, refunded: 3_000 },
          { purchaseId: 2, currency: "usd", transaction: 10_000, affiliation: 2_000, refunded: 5_000 },
          { purchaseId: 4, currency: "brl", transaction: 10_000, affiliation: 2_000, refunded: 15_000 },
          { purchaseId: 5, currency: "brl", transaction: 10_000, affiliation: 2_000, refunded: 0 },
        ]);
        expect(salesOfColumns(await store.salesOf("acct", plan({ product: ["Q"] }), [2, 3])).map((s) => s.purchaseId)).toEqual([3]);
        expect(salesOfColumns(await store.salesOf("acct", plan(), []))).toEqual([]);
        expect(salesOfColumns(await store.salesOf("nobody", plan(), [1]))).toEqual([]);
      });
    });

    it("take any number of ids in one statement (more than either back-end's parameters)", async () => {
      await withRows(async (store) => {
        const many = [...Array.from({ length: 70_000 }, (_, i) => 1_000 + i), 6, 2];
        expect(salesOfColumns(await store.salesOf("acct", plan(), many)).map((s) => s.purchaseId)).toEqual([6, 2]);
      });
    });
  });
}
