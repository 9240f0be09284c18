// Refunds and chargebacks per currency, dated by the original sale (from purchases'
// amountRefunded) or by their own request date (from the refund and chargeback records).
// Money in integer cents; currencies are never added together.
import { readDecimalText } from "@/lib/sales-api/schemas/fields";
import type { Purchase } from "@/lib/sales-api/schemas/purchase";
import { capCommissionLostCents, refundedShareCents, fromCents, toCents, UNKNOWN_CURRENCY } from "./money";

export type RefundPurchase = Pick<Purchase, "purchaseId" | "currency" | "amountTransaction" | "amountRefunded" | "amountAffiliation">;
export type EventRecord = Record<string, unknown>;

export interface RefundKpis {
  currency: string;
  purchases: number;
  salesAmount: number;
  refunds: number;
  fullRefunds: number;
  partialRefunds: number;
  refundedAmount: number;
  /** refunds / purchases; null without purchases. */
  refundRateCount: number | null;
  /** refundedAmount / salesAmount; null without sales. */
  refundRateValue: number | null;
  chargebacks: number;
  chargebackAmount: number;
  /** chargebacks / purchases; card networks watch 0.9% and 1.5%. */
  chargebackRate: number | null;
  /** The affiliate's commission on refunded (pro rata) and charged-back purchases. */
  commissionLost: number;
}

interface Acc { purchases: number; sales: number; refunds: number; full: number; partial: number; refunded: number; chargebacks: number; cbAmount: number; commissionLost: number }

const empty = (): Acc => ({ purchases: 0, sales: 0, refunds: 0, full: 0, partial: 0, refunded: 0, chargebacks: 0, cbAmount: 0, commissionLost: 0 });
const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

/** The first named field holding an amount: a number, or a plain decimal written as text. */
export const numberField = (record: EventRecord, ...names: string[]): number | undefined => {
  for (const name of names) {
    const value = record[name];
    if (typeof value === "number") return value;
    const fromText = typeof value === "string" ? readDecimalText(value) : undefined;
    if (fromText !== undefined) return fromText;
  }
  return undefined;
};

/**
 * `purchases`: the period's sales (the denominator of every rate). `dating: "sale"` counts the
 * refunds recorded on those purchases and the chargebacks of those purchases; `"event"` counts
 * the refund and chargeback records requested in the period, whatever the sale's date.
 */
export function refundKpis(purchases: readonly RefundPurchase[], refunds: readonly EventRecord[] | null, chargebacks: readonly EventRecord[] | null, dating: "sale" | "event", fallbackCurrency = UNKNOWN_CURRENCY): RefundKpis[] {
  const by = new Map<string, Acc>();
  const acc = (currency: unknown) => {
    const key = typeof currency === "string" && currency ? currency.toLowerCase() : fallbackCurrency;
    return by.get(key) ?? by.set(key, empty()).get(key)!;
  };
  const byId = new Map(purchases.map((p) => [p.purchaseId, p]));
  // Commission lost per sale, added to its currency only once every refund and chargeback of
  // the sale is known: a sale refunded and charged back loses at most its commission.
  const lostBySale = new Map<RefundPurchase, { a: Acc; cents: number }>();
  const lose = (a: Acc, sale: RefundPurchase, cents: number) => {
    const entry = lostBySale.get(sale) ?? lostBySale.set(sale, { a, cents: 0 }).get(sale)!;
    entry.cents += cents;
  };
  for (const p of purchases) {
    const a = acc(p.currency);
    a.purchases++;
    a.sales += toCents(p.amountTransaction);
    const refunded = toCents(p.amountRefunded);
    if (dating === "sale" && refunded > 0) {
      a.refunds++;
      a.refunded += refunded;
      if (refunded >= toCents(p.amountTransaction)) a.full++;
      else a.partial++;
      lose(a, p, refundedShareCents(toCents(p.amountAffiliation), refunded, toCents(p.amountTransaction)));
    }
  }
  if (dating === "event") {
    for (const r of refunds ?? []) {
      const a = acc(r.currency);
      const cents = toCents(numberField(r, "amount", "amountRefunded", "refundAmount"));
      a.refunds++;
      a.refunded += cents;
      const sale = byId.get(Number(r.purchaseId));
      const full = r.refundType === "full" || (sale !== undefined && cents >= toCents(sale.amountTransaction));
      if (full) a.full++;
      else a.partial++;
      if (sale) lose(a, sale, refundedShareCents(toCents(sale.amountAffiliation), cents, toCents(sale.amountTransaction)));
    }
  }
  for (const c of chargebacks ?? []) {
    const sale = byId.get(Number(c.purchaseId));
    if (dating === "sale" && !sale) continue; // a chargeback of a sale outside the period
    const a = acc(c.currency ?? sale?.currency);
    a.chargebacks++;
    a.cbAmount += toCents(numberField(c, "amount", "amountTransaction"));
    if (sale) lose(a, sale, toCents(sale.amountAffiliation));
  }
  for (const [sale, { a, cents }] of lostBySale) a.commissionLost += capCommissionLostCents(toCents(sale.amountAffiliation), cents);
  return [...by]
    .map(([currency, a]) => ({
      currency,
      purchases: a.purchases,
      salesAmount: fromCents(a.sales),
      refunds: a.refunds,
      fullRefunds: a.full,
      partialRefunds: a.partial,
      refundedAmount: fromCents(a.refunded),
      refundRateCount: ratio(a.refunds, a.purchases),
      refundRateValue: ratio(a.refunded, a.sales),
      chargebacks: a.chargebacks,
      chargebackAmount: fromCents(a.cbAmount),
      chargebackRate: ratio(a.chargebacks, a.purchases),
      commissionLost: fromCents(a.commissionLost),
    }))
    .sort((x, y) => y.purchases - x.purchases || x.currency.localeCompare(y.currency));
}
