// What the Abandonment report reads of the purchases fact table: the purchases of a range after
// its filters, as the columns its panels read (FactCheckout), one statement for both back-ends.
import { forDialect, pageRows, type FactDialect } from "./purchase-fact-sql";
import type { FactCheckout, FactCheckoutValues, PurchaseFactPlan } from "./purchase-fact-store";

/** The plan's rows in the records' order: newest day first, a day in its stored order. */
export function checkoutsStatement(dialect: FactDialect, table: string, account: string, plan: PurchaseFactPlan): { text: string; args: unknown[] } {
  const args: unknown[] = [];
  const from = pageRows(dialect, table, account, { plan }, args);
  const text = `SELECT f.purchase_id, f.checkout_id, f.purchase_type, f.currency, f.offer_code, f.checkout_initialized_at ${from} ORDER BY f.day DESC, f.seq ASC`;
  return forDialect(dialect, { text, args });
}

// Read by position (the statement's columns are FactCheckoutValues' order).
export const checkoutOf = (r: FactCheckoutValues): FactCheckout => ({
  purchaseId: Number(r[0]),
  checkoutId: r[1],
  // The type's dimension key: "none" for a record without one, never the front a checkout is counted by.
  purchaseType: r[2],
  currency: r[3],
  offerCode: r[4],
  createdText: r[5],
});
