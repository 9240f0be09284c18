// How often a front sale takes the add-on offers of the funnel: of the orders with a front
// purchase, the share that also took an order bump, an upsell, a downsell.
import type { Purchase } from "@/lib/records/purchase";
import { CurrencyGroups } from "./currency-groups";
import { OrderTable } from "./order-table";
import { UNKNOWN_CURRENCY, type CurrencyOptions } from "./money";

export type AttachPurchase = Pick<Purchase, "currency" | "orderId" | "purchaseType">;

export interface AttachCount {
  /** Orders with a front purchase that also took this offer. */
  orders: number;
  /** orders / frontOrders; null without front orders. */
  rate: number | null;
}

export interface CurrencyAttachRates {
  currency: string;
  /** Distinct orders holding a front purchase. */
  frontOrders: number;
  orderBump: AttachCount;
  upsell: AttachCount;
  downsell: AttachCount;
}

const FRONT = 1;
const BUMP = 2;
const UPSELL = 4;
const DOWNSELL = 8;

// Interned short strings compare by pointer: cheaper than a keyed lookup per record.
function bitOf(purchaseType: string): number {
  return purchaseType === "front" ? FRONT : purchaseType === "order_bump" ? BUMP : purchaseType === "upsell" ? UPSELL : purchaseType === "downsell" ? DOWNSELL : 0;
}

class AttachCounts {
  frontOrders = 0;
  bump = 0;
  upsell = 0;
  downsell = 0;
}

export function attachRates(purchases: readonly AttachPurchase[], options: CurrencyOptions = {}): CurrencyAttachRates[] {
  const fallback = options.fallbackCurrency ?? UNKNOWN_CURRENCY;
  const groups = new CurrencyGroups(() => new AttachCounts());
  const orders = OrderTable.borrow(purchases.length);
  // An order's purchases arrive one after another: gather the run's bits, touch the table once.
  let runGroup = -1;
  let runId = NaN;
  let runBits = 0;
  for (const p of purchases) {
    const g = groups.indexOf(p.currency || fallback);
    const bit = bitOf(p.purchaseType);
    if (p.orderId == null) {
      // A purchase without orderId is an order of its own: only a front one can count.
      if (bit === FRONT) groups.groups[g]!.frontOrders++;
      continue;
    }
    if (p.orderId !== runId || g !== runGroup) {
      if (runGroup >= 0) orders.mark(runGroup, runId, runBits);
      runGroup = g;
      runId = p.orderId;
      runBits = 0;
    }
    runBits |= bit;
  }
  if (runGroup >= 0) orders.mark(runGroup, runId, runBits);
  orders.forEach((g, bits) => {
    if ((bits & FRONT) === 0) return;
    const counts = groups.groups[g]!;
    counts.frontOrders++;
    if (bits & BUMP) counts.bump++;
    if (bits & UPSELL) counts.upsell++;
    if (bits & DOWNSELL) counts.downsell++;
  });
  orders.release();
  return groups
    .map((currency, c): CurrencyAttachRates => {
      const rate = (n: number): AttachCount => ({ orders: n, rate: c.frontOrders === 0 ? null : n / c.frontOrders });
      return { currency, frontOrders: c.frontOrders, orderBump: rate(c.bump), upsell: rate(c.upsell), downsell: rate(c.downsell) };
    })
    .sort((a, b) => b.frontOrders - a.frontOrders || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}
