import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { purchasePlan } from "@/lib/query/purchase-query";
import type { Purchase } from "@/lib/records/purchase";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { withStore, type StoreBackend } from "./fact-day-store-behaviour";
import { NOW, purchaseDays } from "./purchase-facts-fixture";

// Two days of sales made by hand (2026-03-10 and 11), for the suites of the purchases fact
// table's grouped reads (Affiliates, Refunds): each sale a held purchase with the fields its
// case names, 100.00 with 70.00 net and a 20.00 commission unless it says otherwise.

const template = () => purchaseDays("creator").get("2026-03-10")![0]!;

/** A maker of sales: the fields every such sale has, those `defaults` gives one suite's, then the case's own. */
export const saleMaker = (defaults: (id: number) => Partial<Purchase>) => (id: number, over: Partial<Purchase>): Purchase =>
  ({
    ...template(), purchaseId: id, purchaseType: "front", currency: "usd", affiliateName: "Ana", productName: "P", offerCode: "OFF",
    checkoutInitializedAt: "2026-03-10T12:00:00Z", amountTransaction: 100, amountCreatorNet: 70, amountAffiliation: 20, amountRefunded: 0, ...defaults(id), ...over,
  }) as Purchase;

/** The plan of both days in UTC, with the given filters. */
export const twoDaysPlan = (filters: { product?: string[] } = {}) =>
  purchasePlan({ from: "2026-03-10", to: "2026-03-11", timeZone: "UTC", granularity: "day", keyType: "creator", filters, currency: assumeCurrency("brl") }).plan;

/** Runs a test on a new store holding both days for "acct" and the first for "other". */
export const withTwoDays = (backend: StoreBackend<PurchaseFactStore>, dayOne: Purchase[], dayTwo: Purchase[]) => (test: (store: PurchaseFactStore) => Promise<void>) =>
  withStore(backend, async (store) => {
    await store.replaceDay("acct", "2026-03-10", NOW, dayOne.map(purchaseFactRow));
    await store.replaceDay("acct", "2026-03-11", NOW, dayTwo.map(purchaseFactRow));
    await store.replaceDay("other", "2026-03-10", NOW, dayOne.map(purchaseFactRow));
    await test(store);
  })();
