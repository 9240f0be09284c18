import "server-only";

// The payout calendar's view, made in a worker thread of its own: its risk model, back-test and
// calendar run over every sale of two years, which held the server's event loop over a second
// at scale 1 (docs/benchmarks.md, "The payout calendar off the event loop"). The class runs in
// the thread (lib/store/worker/store-in-worker.ts builds it there, as it builds the fact
// stores); the sales cross as typed columns, which structured clone copies as blocks. The
// back-test's month starts kept on the main thread (payouts-kept.ts) come with the call; those
// it had to make go back with the view, to be kept.
//
// The history's closed days' sales from the fact table are kept here too, by a key naming what
// they were read from (payouts-kept.ts's closedSalesKey: the store, the account, the days, the
// currency plan and the fetch time of each of those days): a request whose key is kept reads
// only its newest days from the store (payouts-facts.ts), so the store reads a few thousand rows
// instead of two years', and those rows are neither cloned out of the store's thread nor into
// this one. A call whose closed days are not kept (a first visit, a closed day fetched again, the
// worker restarted) answers `missing`, and the caller reads them from the store and calls again.
import { LRUCache } from "lru-cache";
import { keepBacktestSpan, backtestFromKept, type BacktestSpanKept } from "@/lib/analytics/payout-backtest";
import { concatPayoutColumns, payoutColumnArrays, type PayoutSaleColumns } from "@/lib/records/payout-columns";
import { withTransfer } from "@/lib/store/worker/transfer";
import type { PayoutsView } from "@/lib/reports/payouts-view";
import type { KeyType } from "@/lib/sales-api";
import { NO_BACKTEST, payoutModelOf, payoutsViewWith, type PayoutInputs, type PayoutsRequest } from "./payouts-report";

/** Sales kept over all keys (64 bytes each as columns): about 100 MiB; two years at scale 20 are ~1.1 M. */
export const MAX_KEPT_SALE_COLUMNS = 1_600_000;

export type MadeView =
  | {
      view: PayoutsView;
      /** The month starts made here, by their index in the months asked for. */
      made: Array<[number, BacktestSpanKept]>;
      missing?: undefined;
    }
  | { missing: true; view?: undefined; made?: undefined };

/**
 * The history's closed days' sales: given (and then kept under `key`), or null to be found kept
 * under `key`. The view's own `sales` are then the newer days', which come first (the records'
 * order is newest day first).
 */
export interface ClosedSales { key: string; sales: PayoutSaleColumns | null }

/** The closed days' sales, marked to move to the view's worker rather than be copied (lib/store/worker/transfer.ts): the caller reads them no more. */
export const closedSalesToMove = (key: string, sales: PayoutSaleColumns): ClosedSales => withTransfer({ key, sales }, payoutColumnArrays(sales));

export type ViewMade = Extract<MadeView, { missing?: undefined }>;

export class PayoutsViewWorker {
  private readonly sales: LRUCache<string, PayoutSaleColumns>;

  constructor(maxSales = MAX_KEPT_SALE_COLUMNS) {
    this.sales = new LRUCache({ maxSize: maxSales, sizeCalculation: (c) => Math.max(1, c.length) });
  }

  /**
   * `kept`: per month of backtestSpans at the request's now, its start when kept, else null.
   * `closed`: when given, `given.sales` are the newer days' only, and these the older days'.
   */
  async payoutsView(given: PayoutInputs, keyType: KeyType, request: PayoutsRequest, kept: ReadonlyArray<BacktestSpanKept | null>, closed: ClosedSales | null = null): Promise<MadeView> {
    let data = given;
    if (closed) {
      const older = closed.sales ?? this.sales.get(closed.key);
      if (!older) return { missing: true };
      if (closed.sales) this.sales.set(closed.key, closed.sales);
      data = { ...given, sales: concatPayoutColumns(given.sales, older) };
    }
    const model = payoutModelOf(data, keyType, request);
    const made: Array<[number, BacktestSpanKept]> = [];
    if (model.spans.length === 0) return { view: payoutsViewWith(model, data, keyType, request, NO_BACKTEST), made };
    const starts = model.spans.map((span, i) => {
      const found = kept[i];
      if (found && found.span.month === span.month && found.span.startMs === span.startMs && found.span.endMs === span.endMs) return found;
      const start = keepBacktestSpan(model.sales, model.events, span, model.lossSales);
      made.push([i, start]);
      return start;
    });
    return { view: payoutsViewWith(model, data, keyType, request, backtestFromKept(starts, model.sales, model.events, model.nowMs, model.localDay, model.lossSales)), made };
  }

  /** How many sales are kept, over all keys: for tests. */
  async keptSales(): Promise<number> {
    return this.sales.calculatedSize;
  }

  async close(): Promise<void> {}
}

export type PayoutsViewEngine = Pick<PayoutsViewWorker, "payoutsView" | "keptSales" | "close">;
