// What a sale lost to refunds and chargebacks: the one rule behind the Refunds report, the
// Affiliates leaderboard and the payout calendar, so the three pages cannot count it apart.
//
// - A chargeback record of kind "alert" is the card network's early warning, settled before any
//   dispute: it moves no money and is not a chargeback (the records table still lists it).
// - Every other chargeback record is a dispute opened. "Chargebacks" counts the sales with a
//   dispute opened, won or not: the share card networks watch counts disputes, not outcomes.
// - A dispute won gives the money back: it loses nothing (the calendar: nothing from the day it
//   was won). An open one has taken the money until it is won.
// - A sale loses at most its amount (its net, its commission), once, however many refunds and
//   disputes it has: a sale refunded and then charged back loses it once, not twice.
import { refundedShareCents } from "./money";

export type ChargebackRecord = Readonly<Record<string, unknown>>;

/** The card network's early warning: no dispute, no money moved. */
export const isChargebackAlert = (record: ChargebackRecord): boolean => record.kind === "alert";

/** A dispute opened: every chargeback record but an alert. */
export const isDispute = (record: ChargebackRecord): boolean => !isChargebackAlert(record);

/** A dispute the seller won: the money came back. */
export const isDisputeWon = (record: ChargebackRecord): boolean => isDispute(record) && record.status === "won";

/** A dispute whose money is gone: open or lost. */
export const disputeTakesMoney = (record: ChargebackRecord): boolean => isDispute(record) && !isDisputeWon(record);

/** The sale a record names, or undefined when it names none. */
export function saleIdOf(record: ChargebackRecord): number | undefined {
  const id = record.purchaseId;
  const n = typeof id === "number" || (typeof id === "string" && id.trim() !== "") ? Number(id) : NaN;
  return Number.isInteger(n) ? n : undefined;
}

/**
 * How many chargebacks the records hold: sales with a dispute opened, each once (two records of
 * one sale are one chargeback of it); alerts are not counted; a record naming no sale counts alone.
 */
export function disputedSalesCount(records: readonly ChargebackRecord[]): number {
  const sales = new Set<number>();
  let unnamed = 0;
  for (const r of records) {
    if (!isDispute(r)) continue;
    const id = saleIdOf(r);
    if (id === undefined) unnamed++;
    else sales.add(id);
  }
  return sales.size + unnamed;
}

/** The sales with a dispute opened (alerts left out), by id. */
export function disputedSaleIds(records: readonly ChargebackRecord[]): Set<number> {
  const ids = new Set<number>();
  for (const r of records) {
    const id = isDispute(r) ? saleIdOf(r) : undefined;
    if (id !== undefined) ids.add(id);
  }
  return ids;
}

/** A sale's losses together, in cents: their sum, never more than what the sale had (`amount`, its net or its commission). */
export function capSaleLossCents(amount: number, lost: number): number {
  return amount >= 0 ? Math.max(0, Math.min(lost, amount)) : Math.max(lost, amount);
}

export interface SaleAmounts {
  /** What the sale can lose, in cents: the creator's net, the affiliate's commission. */
  amountCents: number;
  /** The sale's transaction amount in cents: a refund takes its share of `amountCents`. */
  transactionCents: number;
}

/**
 * What one sale lost, in cents of its amount: the refunded share of it plus all of it for a
 * dispute that took the money, at most the amount once.
 */
export function saleLossCents(sale: SaleAmounts, refundedCents: number, disputeTookMoney: boolean): number {
  if (disputeTookMoney) return capSaleLossCents(sale.amountCents, sale.amountCents);
  return capSaleLossCents(sale.amountCents, refundedShareCents(sale.amountCents, refundedCents, sale.transactionCents));
}
