// Answers "which records does this account see for day D at time NOW", generating the
// days it needs on demand and keeping recently used ones in a bounded cache.
import { CREATORS, creatorByNo } from "./catalog";
import { generateDay } from "./generate-day";
import { lateRefundOf, lateRefundsByNow, NO_LATE_REFUNDS, type LateRefund, type LateRefundIndex } from "./late-refunds";
import { NO_OUTAGES, outageTest, type OutageTest, type ProductOutage } from "./product-outages";
import { declineApplier, NO_DECLINES, type DeclineApplier, type PspDecline } from "./psp-declines";
import type { RawCheckout, RawDay, RawOrder, RawPurchase } from "./raw-types";
import { abandonedCartRecord, chargebackRecord, checkoutRecord, lateRefundRecord, orderRecord, purchaseRecord, refundRecord, type ApiRecord, type KeyType } from "./records";
import { DAY_MS, dayOf } from "./time";

export const LIST_RESOURCES = ["purchases", "orders", "abandoned-carts", "checkouts", "refunds", "chargebacks"] as const;
export type ListResource = (typeof LIST_RESOURCES)[number];

/** Whose data a credential sees: a creator's own, or an affiliate's referred purchases. */
export interface Scope {
  keyType: KeyType;
  creatorNos: readonly number[];
  affiliateId?: number;
}

/** The data spans the two years before "now". */
export const HISTORY_DAYS = 730;

interface Entry { ts: number; id: number | string; record: ApiRecord }

export class Dataset {
  private readonly cache = new Map<string, RawDay>();
  private cachedCheckouts = 0;

  constructor(readonly seed: string, readonly scale: number, private readonly maxCachedCheckouts = 300_000) {}

  rawDay(creatorNo: number, day: number): RawDay {
    const key = `${creatorNo}|${day}`;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const raw = generateDay(this.seed, this.scale, creatorByNo(creatorNo), day);
    this.cache.set(key, raw);
    this.cachedCheckouts += raw.checkouts.length;
    for (const [oldKey, old] of this.cache) {
      if (this.cachedCheckouts <= this.maxCachedCheckouts || oldKey === key) break;
      this.cache.delete(oldKey);
      this.cachedCheckouts -= old.checkouts.length;
    }
    return raw;
  }

  /** Records of one UTC day (by the resource's filter column), newest first; `late`: the late refunds in effect at now. */
  dayRecords(scope: Scope, resource: ListResource, day: number, now: number, late: LateRefundIndex = NO_LATE_REFUNDS, outage: OutageTest = NO_OUTAGES, declines: DeclineApplier = NO_DECLINES): ApiRecord[] {
    if (day > dayOf(now) || day < dayOf(now) - HISTORY_DAYS) return [];
    const entries: Entry[] = [];
    const mine = (co: RawCheckout): boolean => (scope.affiliateId === undefined || co.affiliate?.affiliateId === scope.affiliateId) && !outage(co);
    for (const creatorNo of scope.creatorNos) {
      this.collect(creatorNo, resource, day, now, scope.keyType, mine, late, declines, entries);
    }
    entries.sort((a, b) => b.ts - a.ts || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0));
    return entries.map((e) => e.record);
  }

  private collect(creatorNo: number, resource: ListResource, day: number, now: number, keyType: KeyType, mine: (co: RawCheckout) => boolean, late: LateRefundIndex, declines: DeclineApplier, out: Entry[]): void {
    const dayStart = day * DAY_MS;
    const inDay = (ms: number): boolean => ms >= dayStart && ms < dayStart + DAY_MS && ms <= now;
    if (resource === "refunds" || resource === "chargebacks") {
      const lookback = resource === "refunds" ? 31 : 61;
      for (let d = day - lookback; d <= day; d++) {
        const raw = this.rawDay(creatorNo, d);
        const list = (resource === "refunds" ? raw.refundsByDay : raw.chargebacksByDay).get(day) ?? [];
        for (const { checkout: co, purchase: p } of list) {
          const requested = resource === "refunds" ? p.refund!.requestedMs : p.chargeback!.requestedMs;
          if (!inDay(requested) || !mine(co)) continue;
          if (resource === "refunds" && lateRefundOf(late, p)) continue; // replaced by its late refund
          const order = co.order as RawOrder;
          const record = resource === "refunds" ? refundRecord(co, p, order, now) : chargebackRecord(co, p, order, now);
          out.push({ ts: requested, id: p.purchaseId, record });
        }
      }
      if (resource === "refunds") this.collectLateRefunds(creatorNo, inDay, mine, late, out);
      return;
    }
    const days = resource === "abandoned-carts" ? [day - 1, day] : [day];
    for (const d of days) {
      for (const co of this.rawDay(creatorNo, d).checkouts) {
        if (!mine(co)) continue;
        if (resource === "checkouts") {
          if (inDay(co.loadedMs)) out.push({ ts: co.loadedMs, id: co.checkoutId, record: checkoutRecord(co, now) });
        } else if (resource === "abandoned-carts") {
          if (co.sessionMs !== null && co.abandonedMs !== null && co.abandonedMs <= now && inDay(co.sessionMs)) {
            out.push({ ts: co.sessionMs, id: co.checkoutId, record: declines(co, abandonedCartRecord(co, now)) });
          }
        } else if (co.order && inDay(co.loadedMs) && (co.order.purchases[0] as RawPurchase).createdMs <= now) {
          if (resource === "orders") out.push({ ts: co.loadedMs, id: co.order.orderId, record: orderRecord(co, co.order, now, late) });
          else pushPurchases(co, co.order, now, keyType, late, out);
        }
      }
    }
  }

  /** This creator's late refunds requested within the day, on purchases the scope sees. */
  private collectLateRefunds(creatorNo: number, inDay: (ms: number) => boolean, mine: (co: RawCheckout) => boolean, late: LateRefundIndex, out: Entry[]): void {
    for (const refund of late.values()) {
      if (refund.creatorNo !== creatorNo || !inDay(refund.requestedMs)) continue;
      for (const co of this.rawDay(creatorNo, refund.originDay).checkouts) {
        const p = co.order?.purchases.find((x) => x.purchaseId === refund.purchaseId);
        if (!p) continue;
        if (mine(co) && lateRefundOf(late, p) === refund) out.push({ ts: refund.requestedMs, id: p.purchaseId, record: lateRefundRecord(co, p, co.order as RawOrder, refund) });
        break;
      }
    }
  }

  /**
   * The window [fromDay, toDay) newest first; stops generating once it knows the limit is exceeded.
   * `lateRefunds`: the late-refunds test control, applied to purchases, orders and refunds;
   * `outages`: the product-outages test control, applied to every resource; `pspDeclines`: the
   * PSP-declines test control, applied to abandoned carts.
   */
  query(scope: Scope, resource: ListResource, fromDay: number, toDay: number, limit: number, now: number, lateRefunds: readonly LateRefund[] = [], outages: readonly ProductOutage[] = [], pspDeclines: readonly PspDecline[] = []): { data: ApiRecord[]; truncated: boolean } {
    const late = lateRefundsByNow(lateRefunds, now);
    const outage = outageTest(outages);
    const declines = declineApplier(pspDeclines);
    const data: ApiRecord[] = [];
    for (let day = toDay - 1; day >= fromDay && data.length <= limit; day--) {
      for (const record of this.dayRecords(scope, resource, day, now, late, outage, declines)) {
        data.push(record);
        if (data.length > limit) break;
      }
    }
    const truncated = data.length > limit;
    return { data: truncated ? data.slice(0, limit) : data, truncated };
  }
}

function pushPurchases(co: RawCheckout, order: RawOrder, now: number, keyType: KeyType, late: LateRefundIndex, out: Entry[]): void {
  for (const p of order.purchases) {
    if (p.createdMs <= now) out.push({ ts: co.loadedMs, id: p.purchaseId, record: purchaseRecord(co, p, order, now, keyType, late) });
  }
}

export function creatorsOfAffiliate(affiliateId: number): number[] {
  return CREATORS.filter((c) => c.affiliates.some((a) => a.affiliateId === affiliateId)).map((c) => c.creatorNo);
}
