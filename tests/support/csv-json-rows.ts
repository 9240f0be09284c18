import { expect } from "vitest";
import { factCsvIndex, purchaseCsvPlan } from "@/lib/query/purchase-csv-query";
import { purchaseCustomerCells, purchaseFactRows, type FactPurchase } from "@/lib/query/purchase-facts";
import { jsonRows } from "@/lib/store/purchase-csv-sql";
import type { FactCsvBatch, FactCsvBatchRequest, PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { groundTruth } from "../../sandbox/ground-truth";

// A store's purchases CSV rows as JSON text, held equal to the same statement's plain values read
// beside the store (each engine's test reads those its own way): a day of the sandbox's purchases
// whose texts and doubles are the awkward ones for JSON.
const NOW = Date.parse("2026-06-15T12:00:00Z");
const TEXTS = ['a\u0001b\u001f"c\\', "é💶\u2028\u2029\u007f", "=1+1,\r\n"];

/** Stores the day through `facts` with `amounts` as the sale amounts, in turn; the first batch of its range, the request that read it, and the records. */
export async function awkwardBatch(facts: PurchaseFactStore, amounts: readonly number[]): Promise<{ batch: FactCsvBatch; request: FactCsvBatchRequest; odd: FactPurchase[] }> {
  const records = (groundTruth({ now: NOW }, "creator", "purchases", "2026-05-01", "2026-05-08") as FactPurchase[]).filter((p) => p.checkoutInitializedAt.startsWith("2026-05-03"));
  const odd = records.map((p, i) => ({ ...p, productName: TEXTS[i % 3]!, offerName: "\t tab", amountTransaction: amounts[i % amounts.length]!, amountTaxes: 1e-7 }));
  expect(odd.length).toBeGreaterThanOrEqual(amounts.length);
  await facts.replaceDay("acct", "2026-05-03", NOW, purchaseFactRows(odd), Buffer.from(JSON.stringify(purchaseCustomerCells(odd))));
  const query = { from: "2026-05-02", to: "2026-05-06", timeZone: "UTC", filters: {}, currency: { currency: "unknown", source: "none" as const, offers: {} } };
  const request = { plan: purchaseCsvPlan(query), after: null, limit: 100 };
  return { batch: await facts.csvBatch("acct", request), request, odd };
}

/** The batch's JSON rows are `values` (the statement's plain rows, ids as numbers), which hold the awkward texts and amounts. */
export function expectSameRows(batch: FactCsvBatch, values: unknown[][], odd: readonly FactPurchase[], amounts: readonly number[]): void {
  expect(values).toHaveLength(odd.length);
  expect(jsonRows(batch.rows)).toEqual(values);
  expect(batch.customers.map((c) => c.day)).toEqual(["2026-05-03"]);
  expect(values.map((r) => r[factCsvIndex("productName")])).toEqual(odd.map((_, i) => TEXTS[i % 3]));
  expect(values.map((r) => r[factCsvIndex("amountTransaction")])).toEqual(odd.map((_, i) => amounts[i % amounts.length]));
}
