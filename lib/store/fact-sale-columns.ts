// The sales a Refunds report's records name (PurchaseFactStore.salesOf) as columns, as they cross
// from the store's worker thread: two years of refunds at scale 20 name ~33 k sales, whose objects
// took ~0.1 s to copy on each side of the thread and as long to make from DuckDB's rows. Numbers
// are typed arrays, moved rather than copied (worker/transfer.ts); a currency is its place in
// `currencies`, the distinct currencies in order of first appearance.
import { withTransfer } from "./worker/transfer";
import type { FactSale } from "./purchase-fact-store";

export interface FactSaleColumns {
  length: number;
  purchaseId: Float64Array;
  currencies: string[];
  currency: Int32Array;
  transaction: Float64Array;
  affiliation: Float64Array;
  refunded: Float64Array;
}

/** Columns `length` long, to be filled; `placeOf` gives a currency's place, added on first sight. */
export function emptySaleColumns(length: number): { columns: FactSaleColumns; placeOf: (currency: string) => number } {
  const currencies: string[] = [];
  const places = new Map<string, number>();
  const columns: FactSaleColumns = { length, purchaseId: new Float64Array(length), currencies, currency: new Int32Array(length), transaction: new Float64Array(length), affiliation: new Float64Array(length), refunded: new Float64Array(length) };
  const placeOf = (currency: string) => {
    let place = places.get(currency);
    if (place === undefined) places.set(currency, (place = currencies.push(currency) - 1));
    return place;
  };
  return { columns, placeOf };
}

/** Sales as columns (a back-end that reads rows). */
export function saleColumnsOf(sales: readonly FactSale[]): FactSaleColumns {
  const { columns, placeOf } = emptySaleColumns(sales.length);
  sales.forEach((s, i) => {
    columns.purchaseId[i] = s.purchaseId;
    columns.currency[i] = placeOf(s.currency);
    columns.transaction[i] = s.transaction;
    columns.affiliation[i] = s.affiliation;
    columns.refunded[i] = s.refunded;
  });
  return columns;
}

/** The sales again, in their order. */
export function salesOfColumns(columns: FactSaleColumns): FactSale[] {
  return Array.from({ length: columns.length }, (_, i) => ({
    purchaseId: columns.purchaseId[i]!,
    currency: columns.currencies[columns.currency[i]!]!,
    transaction: columns.transaction[i]!,
    affiliation: columns.affiliation[i]!,
    refunded: columns.refunded[i]!,
  }));
}

/** A fresh answer, read by no one in the store's thread again: its arrays move to the caller's. */
export const saleColumnsToMove = (columns: FactSaleColumns): FactSaleColumns =>
  withTransfer(columns, [columns.purchaseId, columns.currency, columns.transaction, columns.affiliation, columns.refunded]);
