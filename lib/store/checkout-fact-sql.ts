// What the Abandonment report reads of the purchases fact table: the purchases of a range after
// its filters, as the columns its panels read (FactCheckout), one statement for both back-ends.
import { forDialect, pageRows, type FactDialect } from "./purchase-fact-sql";
import type { FactCheckout, PurchaseFactPlan } from "./purchase-fact-store";

export interface CheckoutRecord {
  purchase_id: number | string;
  checkout_id: string | null;
  purchase_type: string;
  currency: string;
  offer_code: string | null;
  checkout_initialized_at: string;
}

/** The plan's rows in the records' order: newest day first, a day in its stored order. */
export function checkoutsStatement(dialect: FactDialect, table: string, account: string, plan: PurchaseFactPlan): { text: string; args: unknown[] } {
  const args: unknown[] = [];
  const from = pageRows(dialect, table, account, { plan }, args);
  const text = `SELECT f.purchase_id, f.checkout_id, f.purchase_type, f.currency, f.offer_code, f.checkout_initialized_at ${from} ORDER BY f.day DESC, f.seq ASC`;
  return forDialect(dialect, { text, args });
}

export const checkoutOf = (r: CheckoutRecord): FactCheckout => ({
  purchaseId: Number(r.purchase_id),
  checkoutId: r.checkout_id,
  // The type's dimension key: "none" for a record without one, never the front a checkout is counted by.
  purchaseType: r.purchase_type,
  currency: r.currency,
  offerCode: r.offer_code,
  createdText: r.checkout_initialized_at,
});
