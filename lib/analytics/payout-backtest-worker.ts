// The back-test's month starts (keepBacktestSpan: a risk model fitted at each month's first
// instant over every sale before it) in a worker thread: twelve fits over two years of sales
// held the server's event loop about a second at scale 1 and twenty at scale 20. The class runs
// in the thread (lib/store/worker/store-in-worker.ts builds it there); the sales cross as typed
// columns, which structured clone copies as blocks, not as a million objects.
import { keepBacktestSpan, type BacktestMonthSpan, type BacktestSale, type BacktestSpanKept } from "./payout-backtest";
import type { LossEvent } from "./payout-risk";

export interface BacktestSaleColumns {
  id: Float64Array;
  soldMs: Float64Array;
  netCents: Float64Array;
  /** NaN for a sale with no date of availability. */
  availableMs: Float64Array;
  /** Index into `products`. */
  product: Uint32Array;
  products: string[];
}

export function backtestSaleColumns(sales: readonly BacktestSale[]): BacktestSaleColumns {
  const products = new Map<string, number>();
  const product = new Uint32Array(sales.length);
  sales.forEach((s, i) => {
    let at = products.get(s.product);
    if (at === undefined) products.set(s.product, (at = products.size));
    product[i] = at;
  });
  return {
    id: Float64Array.from(sales, (s) => s.id),
    soldMs: Float64Array.from(sales, (s) => s.soldMs),
    netCents: Float64Array.from(sales, (s) => s.netCents),
    availableMs: Float64Array.from(sales, (s) => s.availableMs ?? NaN),
    product,
    products: [...products.keys()],
  };
}

export function backtestSalesOf(c: BacktestSaleColumns): BacktestSale[] {
  return Array.from(c.id, (id, i) => {
    const availableMs = c.availableMs[i]!;
    return { id, soldMs: c.soldMs[i]!, netCents: c.netCents[i]!, product: c.products[c.product[i]!]!, availableMs: Number.isNaN(availableMs) ? null : availableMs };
  });
}

/** What the worker thread answers; a method per call, as a store's. */
export class PayoutBacktestWorker {
  async keepSpans(columns: BacktestSaleColumns, events: readonly LossEvent[], spans: readonly BacktestMonthSpan[]): Promise<BacktestSpanKept[]> {
    const sales = backtestSalesOf(columns);
    const byId = new Map(sales.map((s) => [s.id, s]));
    return spans.map((span) => keepBacktestSpan(sales, events, span, byId));
  }

  async close(): Promise<void> {}
}

export type PayoutBacktestEngine = Pick<PayoutBacktestWorker, "keepSpans" | "close">;
