// Refunds and chargebacks per currency, dated by the original sale (from purchases'
// amountRefunded) or by their own request date (from the refund and chargeback records).
// Money in integer cents; currencies are never added together. Records are read as rows of
// their fact tables (lib/query/event-facts.ts): which field is a refund's amount, its currency,
// whether it is full and whether a chargeback is a dispute is said there once, for this report,
// the payout calendar and the tables alike.
import { eventFactRow } from "@/lib/query/event-facts";
import type { Purchase } from "@/lib/records/purchase";
import type { EventFactRow, EventResource } from "@/lib/store/event-fact-store";
import { fromCents, toCents, UNKNOWN_CURRENCY } from "./money";
import { saleLossCents } from "./sale-losses";

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

/** What the KPIs read of a refund or chargeback: a row of its fact table, or a record read as one. */
export type LossRow = Pick<EventFactRow, "saleId" | "currency" | "amountCents" | "fullType" | "dispute" | "won">;

/** Records as the rows the KPIs read (null stays null: the endpoint answered 404). */
export const lossRowsOfRecords = (resource: EventResource, records: readonly EventRecord[] | null): EventFactRow[] | null => records && records.map((r) => eventFactRow(resource, r));

/** The period's sales and the others known, by id: the period's win. */
function salesById(purchases: readonly RefundPurchase[], known: readonly RefundPurchase[]): Map<number, RefundPurchase> {
  const byId = new Map(known.map((p) => [p.purchaseId, p]));
  for (const p of purchases) byId.set(p.purchaseId, p);
  return byId;
}

/**
 * Refund records and disputes (dated by request) whose sale is neither among the period's
 * purchases nor among the others looked up: counted, yet neither told full from partial by
 * amount nor charged to a commission. The page says how many.
 */
export function unmatchedRecords(purchases: readonly RefundPurchase[], refunds: readonly EventRecord[] | null, chargebacks: readonly EventRecord[] | null, known: readonly RefundPurchase[] = []): number {
  const byId = salesById(purchases, known);
  return unmatchedOf((id) => byId.has(id), lossRowsOfRecords("refunds", refunds), lossRowsOfRecords("chargebacks", chargebacks));
}

/** unmatchedRecords with the sales known told by `has`: the records path's purchases or the fact table's. */
export function unmatchedOf(has: (id: number) => boolean, refunds: readonly LossRow[] | null, chargebacks: readonly LossRow[] | null): number {
  const unmatched = (r: LossRow) => r.saleId === null || !has(r.saleId);
  return (refunds ?? []).filter(unmatched).length + (chargebacks ?? []).filter((c) => c.dispute && unmatched(c)).length;
}

/**
 * `purchases`: the period's sales (the denominator of every rate). `dating: "sale"` counts the
 * refunds recorded on those purchases and the chargebacks of those purchases; `"event"` counts
 * the refund and chargeback records requested in the period, whatever the sale's date. `known`:
 * other sales the records may name (a refund requested now of a sale months old), looked up
 * with the period's to tell a full refund from a partial one and what the sale lost.
 * Chargebacks and what a sale lost follow sale-losses.ts: sales with a dispute opened (alerts
 * left out), and a dispute won gives its money back.
 */
export function refundKpis(purchases: readonly RefundPurchase[], refunds: readonly EventRecord[] | null, chargebacks: readonly EventRecord[] | null, dating: "sale" | "event", fallbackCurrency = UNKNOWN_CURRENCY, known: readonly RefundPurchase[] = []): RefundKpis[] {
  const byId = salesById(purchases, dating === "sale" ? [] : known);
  const saleOf = (id: number) => { const p = byId.get(id); return p && refundSaleOf(p); };
  const charged = lossRowsOfRecords("chargebacks", chargebacks);
  if (dating === "sale") return saleDatedRefundKpis(refundSaleSums(purchases), saleOf, charged, fallbackCurrency);
  return eventDatedRefundKpis(refundSaleSums(purchases), saleOf, lossRowsOfRecords("refunds", refunds), charged, fallbackCurrency);
}

/**
 * The KPIs dated by request, one definition for both paths: the period's sums per currency (its
 * sales and their count are what the rates divide by), the sales the records may name
 * (`saleOf`: the period's and the others looked up; undefined for one not found), and the
 * records requested in the period.
 */
export function eventDatedRefundKpis(sums: readonly RefundSaleSums[], saleOf: (id: number) => RefundSale | undefined, refunds: readonly LossRow[] | null, chargebacks: readonly LossRow[] | null, fallbackCurrency = UNKNOWN_CURRENCY): RefundKpis[] {
  const by = new Map<string, Acc>();
  const acc = accumulators(by, fallbackCurrency);
  // What each sale lost, added to its currency only once every refund and chargeback of the
  // sale is known: a sale refunded and charged back loses at most its commission.
  const lostBySale = new Map<number, { a: Acc; sale: RefundSale; refunded: number; disputed: boolean }>();
  const touch = (a: Acc, id: number, sale: RefundSale) => lostBySale.get(id) ?? lostBySale.set(id, { a, sale, refunded: 0, disputed: false }).get(id)!;
  for (const s of sums) {
    const a = acc(s.currency);
    a.purchases += s.purchases;
    a.sales += s.sales;
  }
  for (const r of refunds ?? []) {
    const id = r.saleId;
    const sale = id === null ? undefined : saleOf(id);
    const a = acc(r.currency ?? sale?.currency);
    const cents = r.amountCents;
    a.refunds++;
    a.refunded += cents;
    const full = r.fullType || (sale !== undefined && cents >= sale.transaction);
    if (full) a.full++;
    else a.partial++;
    if (sale) touch(a, id!, sale).refunded += cents;
  }
  countChargebacks(chargebacks, saleOf, acc, { outsideToo: true }, (a, id, sale) => {
    touch(a, id, sale).disputed = true;
  });
  for (const { a, sale, refunded, disputed } of lostBySale.values()) {
    a.commissionLost += saleLossCents({ amountCents: sale.affiliation, transactionCents: sale.transaction }, refunded, disputed);
  }
  return kpisOf(by);
}

/**
 * A currency's sums of the period's sales dated by sale (cents): what the KPIs read of the
 * purchases, whether summed from the records (refundSaleSums) or by the purchases fact table.
 * `refundLoss`: what the refunded sales lost, each as saleLossCents without a dispute.
 */
export interface RefundSaleSums { currency: string; purchases: number; sales: number; refunds: number; full: number; partial: number; refunded: number; refundLoss: number }

/** A sale of the period a chargeback names (cents; its currency as placed). */
export interface RefundSale { currency: string; transaction: number; affiliation: number; refunded: number }

export const refundSaleOf = (p: RefundPurchase): RefundSale => ({ currency: p.currency ?? "", transaction: toCents(p.amountTransaction), affiliation: toCents(p.amountAffiliation), refunded: toCents(p.amountRefunded) });

/** The records' RefundSaleSums, one per currency as the records write it. */
export function refundSaleSums(purchases: readonly RefundPurchase[]): RefundSaleSums[] {
  const by = new Map<string, RefundSaleSums>();
  for (const p of purchases) {
    const sale = refundSaleOf(p);
    const s = by.get(sale.currency) ?? by.set(sale.currency, { currency: sale.currency, purchases: 0, sales: 0, refunds: 0, full: 0, partial: 0, refunded: 0, refundLoss: 0 }).get(sale.currency)!;
    s.purchases++;
    s.sales += sale.transaction;
    if (sale.refunded <= 0) continue;
    s.refunds++;
    s.refunded += sale.refunded;
    if (sale.refunded >= sale.transaction) s.full++;
    else s.partial++;
    s.refundLoss += saleLossCents({ amountCents: sale.affiliation, transactionCents: sale.transaction }, sale.refunded, false);
  }
  return [...by.values()];
}

/**
 * The KPIs dated by sale, one definition for both paths: the period's sums per currency, the
 * period's sales the chargeback records name (`saleOf`: undefined for a sale outside the
 * period, whose chargeback is not counted), and those records. A sale refunded and charged
 * back loses at most its commission, in its own currency; one only charged back, in the
 * chargeback's.
 */
export function saleDatedRefundKpis(sums: readonly RefundSaleSums[], saleOf: (id: number) => RefundSale | undefined, chargebacks: readonly LossRow[] | null, fallbackCurrency = UNKNOWN_CURRENCY): RefundKpis[] {
  const by = new Map<string, Acc>();
  const acc = accumulators(by, fallbackCurrency);
  for (const s of sums) {
    const a = acc(s.currency);
    a.purchases += s.purchases;
    a.sales += s.sales;
    a.refunds += s.refunds;
    a.full += s.full;
    a.partial += s.partial;
    a.refunded += s.refunded;
    a.commissionLost += s.refundLoss;
  }
  countChargebacks(chargebacks, saleOf, acc, { outsideToo: false }, (a, _id, sale) => {
    const amounts = { amountCents: sale.affiliation, transactionCents: sale.transaction };
    // The sums hold a refunded sale's loss without the dispute: the dispute's loss replaces it.
    const refunded = sale.refunded > 0;
    (refunded ? acc(sale.currency) : a).commissionLost += saleLossCents(amounts, sale.refunded, true) - (refunded ? saleLossCents(amounts, sale.refunded, false) : 0);
  });
  return kpisOf(by);
}

/**
 * The chargebacks counted, one definition for both datings (sale-losses.ts): disputes only (alerts
 * left out), one chargeback per sale however many dispute records it has, and the amount of a
 * sale's first dispute unless won (a dispute won gave its money back). `outsideToo: false` leaves
 * out a chargeback of a sale not found (dated by sale: a sale outside the period). `charged` is
 * told each amount counted of a sale found.
 */
function countChargebacks(chargebacks: readonly LossRow[] | null, saleOf: (id: number) => RefundSale | undefined, acc: (currency: unknown) => Acc, { outsideToo }: { outsideToo: boolean }, charged: (a: Acc, id: number, sale: RefundSale) => void): void {
  const counted = new Set<number>();
  const chargedIds = new Set<number>();
  for (const c of chargebacks ?? []) {
    if (!c.dispute) continue;
    const id = c.saleId;
    const sale = id === null ? undefined : saleOf(id);
    if (!outsideToo && sale === undefined) continue;
    const a = acc(c.currency ?? sale?.currency);
    if (id === null || !counted.has(id)) a.chargebacks++;
    if (id !== null) counted.add(id);
    if (c.won || (id !== null && chargedIds.has(id))) continue;
    if (id !== null) chargedIds.add(id);
    a.cbAmount += c.amountCents;
    if (id !== null && sale) charged(a, id, sale);
  }
}

const accumulators = (by: Map<string, Acc>, fallbackCurrency: string) => (currency: unknown): Acc => {
  const key = typeof currency === "string" && currency ? currency.toLowerCase() : fallbackCurrency;
  return by.get(key) ?? by.set(key, empty()).get(key)!;
};

function kpisOf(by: Map<string, Acc>): RefundKpis[] {
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
