import { describe, expect, it, vi } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { buildAffiliatesView } from "@/lib/reports/server/affiliates-report";
import type { FactAffiliateCount, PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { affiliatesClient } from "./affiliate-facts-fixture";
import { withStore, type StoreBackend } from "./fact-day-store-behaviour";
import { fillFactStore, NOW, reportParams } from "./purchase-facts-fixture";
import { saleMaker, twoDaysPlan as plan, withTwoDays } from "./two-sale-days";
import { timeless } from "./views-from-facts";

// What the Affiliates leaderboard reads from a purchases fact store: per currency and affiliate
// key, the sums, the checkouts (an affiliate's front orders and what the whole order took), the
// days with sales, and where the disputed sales are; then the report from the table, which is
// the records' view and opens no purchase record. SQLite runs it in tests/unit, PostgreSQL in
// tests/backends.

export type AffiliateFactBackend = StoreBackend<PurchaseFactStore>;

const sale = saleMaker(() => ({ orderId: 100 }));

// Order 100: Ana's front and a bump nobody is credited with. Order 101: Ana's front, refunded
// in part, and Bob's upsell. Ana's front without an order. Order 102: Ana's front in brl and
// her bump in usd (the usd part has no front: no checkout of hers there). Order 103: Ana's
// front of product Q. A sale without a currency (placed by its offer's assumption). Cy's front
// the next day.
const DAY_ONE = [
  sale(1, {}),
  sale(2, { purchaseType: "order_bump", affiliateName: "" }),
  sale(3, { orderId: 101, amountRefunded: 50 }),
  sale(4, { orderId: 101, purchaseType: "upsell", affiliateName: "Bob" }),
  sale(5, { orderId: null }),
  sale(6, { orderId: 102, currency: "brl" }),
  sale(7, { orderId: 102, purchaseType: "order_bump" }),
  sale(8, { orderId: 103, productName: "Q" }),
  sale(10, { orderId: 105, currency: undefined as unknown as string }),
];
const DAY_TWO = [sale(9, { orderId: 104, affiliateName: "Cy", checkoutInitializedAt: "2026-03-11T03:00:00Z" })];

const byKey = <T extends { currency: string; affiliate: string }>(list: T[]) => [...list].sort((a, b) => `${a.currency}\n${a.affiliate}`.localeCompare(`${b.currency}\n${b.affiliate}`));

export function affiliateFactStoreBehaviour(name: string, backend: AffiliateFactBackend): void {
  describe(`${name}: the Affiliates leaderboard's groups`, () => {
    const withRows = withTwoDays(backend, DAY_ONE, DAY_TWO);
    // In cents: each sale is 100.00, 70.00 net, 20.00 commission.
    const times = (n: number) => ({ transaction: 10_000 * n, creatorNet: 7_000 * n, affiliation: 2_000 * n });
    const money = times(1);

    it("sum each affiliate key per placed currency; an affiliate's checkouts count what the whole order took in that currency", async () => {
      await withRows(async (store) => {
        const groups = await store.affiliateGroups("acct", plan());
        expect(byKey(groups.sums)).toEqual([
          { currency: "brl", affiliate: "Ana", sales: 2, ...times(2), refunded: 0, loneFronts: 0 },
          { currency: "usd", affiliate: "Ana", sales: 5, ...times(5), refunded: 1, loneFronts: 1 },
          { currency: "usd", affiliate: "Bob", sales: 1, ...money, refunded: 0, loneFronts: 0 },
          { currency: "usd", affiliate: "Cy", sales: 1, ...money, refunded: 0, loneFronts: 0 },
          { currency: "usd", affiliate: "none", sales: 1, ...money, refunded: 0, loneFronts: 0 },
        ]);
        expect(byKey(groups.orders)).toEqual([
          { currency: "brl", affiliate: "Ana", frontOrders: 2, bump: 0, upsell: 0 },
          { currency: "usd", affiliate: "Ana", frontOrders: 3, bump: 1, upsell: 1 },
          { currency: "usd", affiliate: "Cy", frontOrders: 1, bump: 0, upsell: 0 },
        ]);
        expect(groups.days).toEqual(["2026-03-10", "2026-03-11"]);
      });
    });

    it("sum an affiliate key's sales over the days they were made on, and list each day once", async () => {
      // Ana's sales on both days, Bob's upsell the next day on her order of the first: one checkout of hers, with an upsell.
      const dayTwo = [sale(20, { orderId: 120, checkoutInitializedAt: "2026-03-11T01:00:00Z", amountRefunded: 10 }), sale(21, { orderId: 100, purchaseType: "upsell", affiliateName: "Bob", checkoutInitializedAt: "2026-03-11T02:00:00Z" })];
      await withTwoDays(backend, [sale(1, {}), sale(2, { orderId: null, checkoutInitializedAt: "2026-03-10T13:00:00Z" })], dayTwo)(async (store) => {
        const groups = await store.affiliateGroups("acct", plan());
        expect(byKey(groups.sums)).toEqual([
          { currency: "usd", affiliate: "Ana", sales: 3, ...times(3), refunded: 1, loneFronts: 1 },
          { currency: "usd", affiliate: "Bob", sales: 1, ...money, refunded: 0, loneFronts: 0 },
        ]);
        expect(byKey(groups.orders)).toEqual([{ currency: "usd", affiliate: "Ana", frontOrders: 2, bump: 0, upsell: 1 }]);
        expect(groups.days).toEqual(["2026-03-10", "2026-03-11"]);
      });
    });

    it("keep to the range and the filters", async () => {
      await withRows(async (store) => {
        const groups = await store.affiliateGroups("acct", { ...plan({ product: ["P"] }), endMs: Date.parse("2026-03-11T00:00:00Z") });
        expect(byKey(groups.sums).map((g) => [g.currency, g.affiliate, g.sales])).toEqual([["brl", "Ana", 2], ["usd", "Ana", 4], ["usd", "Bob", 1], ["usd", "none", 1]]);
        expect(byKey(groups.orders).find((o) => o.currency === "usd")).toEqual({ currency: "usd", affiliate: "Ana", frontOrders: 2, bump: 1, upsell: 1 });
        expect(groups.days).toEqual(["2026-03-10"]);
      });
    });

    it("place the given sales among the range's rows after the filters on their currency and affiliate", async () => {
      await withRows(async (store) => {
        const counts = await store.countSales("acct", plan({ product: ["P"] }), [1, 2, 4, 6, 8, 10, 999]);
        expect(byKey(counts)).toEqual<FactAffiliateCount[]>([
          { currency: "brl", affiliate: "Ana", sales: 2 },
          { currency: "usd", affiliate: "Ana", sales: 1 },
          { currency: "usd", affiliate: "Bob", sales: 1 },
          { currency: "usd", affiliate: "none", sales: 1 },
        ]);
        expect(await store.countSales("acct", plan(), [])).toEqual([]);
        expect(await store.countSales("nobody", plan(), [1])).toEqual([]);
        // Any number of ids in one statement, more than either back-end's parameters.
        const many = [...Array.from({ length: 70_000 }, (_, i) => 100_000 + i), 1, 2, 4, 6, 8, 10, 999];
        expect(byKey(await store.countSales("acct", plan({ product: ["P"] }), many))).toEqual(byKey(counts));
        // An id given twice is one sale.
        expect(byKey(await store.countSales("acct", plan({ product: ["P"] }), [1, 1, 2, 2, 4, 6, 8, 10, 10, 999]))).toEqual(byKey(counts));
      });
    });
  });

  describe(`${name}: the Affiliates report`, () => {
    const params = { ...reportParams({ from: "2026-04-20", to: "2026-05-31", timeZone: "America/Sao_Paulo", granularity: "day", keyType: "creator", filters: { method: [] }, currency: assumeCurrency("brl") }, "previous") };
    const view = async (store?: PurchaseFactStore) => {
      const client = affiliatesClient({ refunds: "records", chargebacks: "records" });
      const fetches = vi.spyOn(client, "fetchRange");
      const answer = await buildAffiliatesView(client, params, { facts: store, currency: assumeCurrency("brl") });
      // Purchase records opened (not the day summaries a report reads first).
      const opened = fetches.mock.calls.filter(([resource, , options]) => resource === "purchases" && !(options as { digest?: unknown } | undefined)?.digest).length;
      return { answer: timeless(answer), opened };
    };

    it("is read from the table when it holds both periods, opens no purchase record, and is the records' view", withStore(backend, async (store) => {
      await fillFactStore(store, "creator", "creator");
      const groups = vi.spyOn(store, "affiliateGroups");
      const fromFacts = await view(store);
      expect(groups).toHaveBeenCalledTimes(2);
      expect(fromFacts.opened).toBe(0);
      const fromRecords = await view();
      expect(fromRecords.opened).toBeGreaterThan(0);
      expect(fromFacts.answer.blocks.flatMap((b) => b.rows).some((r) => (r.chargebacks.count ?? 0) > 0 && r.trend !== null)).toBe(true);
      expect(fromFacts.answer).toEqual(fromRecords.answer);
    }));

    it("is read from the records when the table holds a day from another fetch than the mirror's", withStore(backend, async (store) => {
      await fillFactStore(store, "creator", "creator");
      await store.replaceDay("creator", "2026-03-20", NOW - 1, []);
      const groups = vi.spyOn(store, "affiliateGroups");
      const answer = await view(store);
      expect(groups).not.toHaveBeenCalled();
      expect(answer.opened).toBeGreaterThan(0);
      expect(answer.answer).toEqual((await view()).answer);
    }));
  });
}
