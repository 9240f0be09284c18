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

/**
 * The columns of `newer` followed by those of `older`, a purchase of `older` already in `newer`
 * skipped: what one PayoutColumnsBuilder fed `newer`'s rows and then `older`'s gives (the same
 * rows, the same product and currency indices), without a push per row. The payout calendar
 * reads its history as two day ranges, the newest days read on every request and the closed
 * ones kept (lib/reports/server/payouts-view-worker.ts).
 */
export function concatPayoutColumns(newer: PayoutSaleColumns, older: PayoutSaleColumns): PayoutSaleColumns {
  const seen = new Set<number>(newer.purchaseId);
  const rows: number[] = [];
  for (let i = 0; i < older.length; i++) if (!seen.has(older.purchaseId[i]!)) rows.push(i);
  const length = newer.length + rows.length;
  const numbers = (name: "purchaseId" | "soldMs" | "availableMs" | "creatorNet" | "affiliationNet" | "transaction" | "refunded"): Float64Array => {
    const out = new Float64Array(length);
    out.set(newer[name]);
    const from = older[name];
    for (let j = 0; j < rows.length; j++) out[newer.length + j] = from[rows[j]!]!;
    return out;
  };
  const names = (index: "product" | "currency", list: "products" | "currencies"): { index: Uint32Array; list: string[] } => {
    const at = new Map(newer[list].map((name, i) => [name, i]));
    const out = new Uint32Array(length);
    out.set(newer[index]);
    const remap = new Int32Array(older[list].length).fill(-1);
    for (let j = 0; j < rows.length; j++) {
      const old = older[index][rows[j]!]!;
      if (remap[old] === -1) remap[old] = indexIn(at, older[list][old]!);
      out[newer.length + j] = remap[old]!;
    }
    return { index: out, list: [...at.keys()] };
  };
  const product = names("product", "products");
  const currency = names("currency", "currencies");
  return {
    length,
    purchaseId: numbers("purchaseId"),
    soldMs: numbers("soldMs"),
    availableMs: numbers("availableMs"),
    creatorNet: numbers("creatorNet"),
    affiliationNet: numbers("affiliationNet"),
    transaction: numbers("transaction"),
    refunded: numbers("refunded"),
    product: product.index,
    products: product.list,
    currency: currency.index,
    currencies: currency.list,
  };
}
