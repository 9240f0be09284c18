// What the payout calendar reads of each purchase, as columns: one shape whether it comes from
// the records (lib/analytics/payout-sales.ts) or from the purchases fact table (the store's
// payoutSales), so one function (payouts-report.ts's toSales) makes the calendar's sales of
// both. Typed arrays, because two years at scale 20 are ~1.1 M sales: the fact store answers
// from a worker thread, and structured clone copies a typed array as one block of memory where
// an array of objects costs a million of them.

export interface PayoutSaleColumns {
  length: number;
  purchaseId: Float64Array;
  /** When the sale was made (soldMsOf); NaN when unreadable. */
  soldMs: Float64Array;
  /** incomingAvailableAt; NaN when absent or unreadable. */
  availableMs: Float64Array;
  /** Cents: amountCreatorNet, amountAffiliationNet (in key-share's netShareIndex order), amountTransaction, amountRefunded. */
  creatorNet: Float64Array;
  affiliationNet: Float64Array;
  transaction: Float64Array;
  refunded: Float64Array;
  /** Index into `products`: productName, "" for none. */
  product: Uint32Array;
  products: string[];
  /** Index into `currencies`: the currency already placed (the record's own, else its assumed one). */
  currency: Uint32Array;
  currencies: string[];
}

export interface PayoutSaleInput {
  purchaseId: number;
  soldMs: number;
  availableMs: number;
  creatorNet: number;
  affiliationNet: number;
  transaction: number;
  refunded: number;
  product: string;
  currency: string;
}

/** Collects sales into columns; a purchase id already collected is skipped (its first copy stays, as fetchRange keeps it). */
export class PayoutColumnsBuilder {
  private readonly seen = new Set<number>();
  private readonly numbers: Record<"purchaseId" | "soldMs" | "availableMs" | "creatorNet" | "affiliationNet" | "transaction" | "refunded", number[]> = {
    purchaseId: [], soldMs: [], availableMs: [], creatorNet: [], affiliationNet: [], transaction: [], refunded: [],
  };
  private readonly product: number[] = [];
  private readonly currency: number[] = [];
  private readonly products = new Map<string, number>();
  private readonly currencies = new Map<string, number>();

  push(sale: PayoutSaleInput): void {
    if (this.seen.has(sale.purchaseId)) return;
    this.seen.add(sale.purchaseId);
    const n = this.numbers;
    n.purchaseId.push(sale.purchaseId);
    n.soldMs.push(sale.soldMs);
    n.availableMs.push(sale.availableMs);
    n.creatorNet.push(sale.creatorNet);
    n.affiliationNet.push(sale.affiliationNet);
    n.transaction.push(sale.transaction);
    n.refunded.push(sale.refunded);
    this.product.push(indexIn(this.products, sale.product));
    this.currency.push(indexIn(this.currencies, sale.currency));
  }

  done(): PayoutSaleColumns {
    const n = this.numbers;
    return {
      length: n.purchaseId.length,
      purchaseId: Float64Array.from(n.purchaseId),
      soldMs: Float64Array.from(n.soldMs),
      availableMs: Float64Array.from(n.availableMs),
      creatorNet: Float64Array.from(n.creatorNet),
      affiliationNet: Float64Array.from(n.affiliationNet),
      transaction: Float64Array.from(n.transaction),
      refunded: Float64Array.from(n.refunded),
      product: Uint32Array.from(this.product),
      products: [...this.products.keys()],
      currency: Uint32Array.from(this.currency),
      currencies: [...this.currencies.keys()],
    };
  }
}

function indexIn(map: Map<string, number>, key: string): number {
  let i = map.get(key);
  if (i === undefined) map.set(key, (i = map.size));
  return i;
}
