// The Affiliates report's fixture: the held days' purchases (purchase-facts-fixture.ts) and,
// beside them, refund and chargeback records naming some of those sales, with the shapes the
// leaderboard must read alike from the records and from the fact table: alerts (no dispute),
// won and open disputes, two records of one sale, an id written as text, a record naming no
// sale, a record whose own product the URL's filter drops; or a 404 for either endpoint.
import type { Purchase } from "@/lib/records/purchase";
import type { GenericRecord } from "@/lib/sales-api";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { cachedReport, FIRST_DAY, NOW, withLosses, type LossEndpoints } from "./held-days";
import { heldDaysClient, purchaseDays } from "./purchase-facts-fixture";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export type { LossEndpoints } from "./held-days";

function chargebackRecords(purchases: readonly Purchase[]): GenericRecord[] {
  const records: GenericRecord[] = [];
  for (const p of purchases) {
    const id = p.purchaseId;
    if (id % 11 !== 0 && id % 17 !== 0) continue;
    const kind = id % 3 === 0 ? "alert" : "chargeback";
    const status = id % 2 === 0 ? "won" : "open";
    const own = id % 7 === 0 ? { productName: "a product no purchase has" } : { productName: p.productName, offerCode: p.offerCode };
    records.push({ chargebackId: id * 10, purchaseId: id % 5 === 0 ? String(id) : id, kind, status, ...own });
    // A second dispute of the same sale: one chargeback of it.
    if (id % 13 === 0) records.push({ chargebackId: id * 10 + 1, purchaseId: id, kind: "chargeback", status: "lost" });
  }
  records.push({ chargebackId: 1, kind: "chargeback", status: "open" });
  return records;
}

function refundRecords(purchases: readonly Purchase[]): GenericRecord[] {
  return purchases.filter((p) => (p.amountRefunded ?? 0) > 0).map((p) => ({ refundId: p.purchaseId * 10, purchaseId: p.purchaseId, amount: p.amountRefunded }));
}

let held: { refunds: GenericRecord[]; chargebacks: GenericRecord[] } | null = null;

/** A creator client answering the held days' purchases (heldDaysClient) and the refunds and chargebacks of those sales. */
export function affiliatesClient(endpoints: LossEndpoints): MirroredClient {
  const all = [...purchaseDays("creator").values()].flat();
  held ??= { refunds: refundRecords(all), chargebacks: chargebackRecords(all) };
  const losses = held;
  return withLosses(heldDaysClient("creator"), endpoints, async (resource, window) => ({ records: losses[resource], digests: new Map(), report: cachedReport(resource, window, [[window.from, NOW]], 0) }));
}

/** The days before the held ones stored empty, as the mirror stores a day without sales: comparison periods reaching back before the data (a year, for "last_year") are then held too. */
export async function storeEmptyDaysBefore(store: PurchaseFactStore, account: string, days: number): Promise<void> {
  const first = Date.parse(`${FIRST_DAY}T00:00:00Z`);
  for (let i = 1; i <= days; i++) await store.replaceDay(account, new Date(first - i * 86_400_000).toISOString().slice(0, 10), NOW, []);
}
