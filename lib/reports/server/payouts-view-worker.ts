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
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { keepBacktestSpans, backtestFromKept, type BacktestSpanKept } from "@/lib/analytics/payout-backtest";
import { payoutColumnArrays, type PayoutSaleColumns } from "@/lib/records/payout-columns";
import { withTransfer } from "@/lib/store/worker/transfer";
import type { PayoutsView } from "@/lib/reports/payouts-view";
import type { KeyType } from "@/lib/sales-api";
import { lossColumnArrays } from "@/lib/records/payout-loss-columns";
import { NO_BACKTEST, payoutModelOf, payoutSalesOf, payoutsViewWith, type PayoutInputs, type PayoutSalesMade, type PayoutsRequest } from "./payouts-report";

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

/** Sales of the model's tables kept (about 90 bytes each with their order by time): one account of two years at scale 20. */
export const MAX_KEPT_TABLE_SALES = 1_200_000;

/** How many of the sales were made after `nowMs` (an instant that is not a number is none). */
function madeAfter(nowMs: number, ...parts: PayoutSaleColumns[]): number {
  let n = 0;
  for (const part of parts) for (const ms of part.soldMs) if (ms > nowMs) n++;
  return n;
}

const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/**
 * The key of the model's table (payoutSalesOf) made from the closed days kept under `closedKey`
 * and the request's newer days and losses: what it is made of, hashed (a few MiB: ~10 ms). It
 * depends on now only through the sales made after it, which it leaves out: the sets two nows
 * leave out are nested (the later now's within the earlier's), so two that leave out as many
 * leave out the same ones.
 */
function tableKey(closedKey: string, given: PayoutInputs, keyType: KeyType, after: number): string {
  const hash = createHash("sha256").update(JSON.stringify([closedKey, keyType, after, given.sales.length, given.sales.products, given.sales.currencies, given.refunds?.length ?? null, given.chargebacks?.length ?? null]));
  for (const a of payoutColumnArrays(given.sales)) hash.update(bytesOf(a));
  for (const losses of [given.refunds, given.chargebacks]) if (losses) for (const a of lossColumnArrays(losses)) hash.update(bytesOf(a));
  return hash.digest("base64url");
}

export class PayoutsViewWorker {
  private readonly sales: LRUCache<string, PayoutSaleColumns>;
  /**
   * The model's tables (the sales placed, their losses as events) kept by what they were made of
   * (tableKey): made again on every request, with the two ranges' columns put together and the
   * sales sorted by time for the fit, they took ~0.7 s of a second visit at scale 20
   * (docs/benchmarks.md). Only where the closed days are kept: their key names them.
   */
  private readonly tables: LRUCache<string, PayoutSalesMade>;
  /** Tables made (not found kept) since start: tests count them. */
  private tablesMade = 0;

  constructor(maxSales = MAX_KEPT_SALE_COLUMNS, maxTableSales = MAX_KEPT_TABLE_SALES) {
    this.sales = new LRUCache({ maxSize: maxSales, sizeCalculation: (c) => Math.max(1, c.length) });
    this.tables = new LRUCache({ maxSize: maxTableSales, sizeCalculation: (t) => Math.max(1, t.sales.length) });
  }

  /**
   * `kept`: per month of backtestSpans at the request's now, its start when kept, else null.
   * `closed`: when given, `given.sales` are the newer days' only, and these the older days'.
   */
  async payoutsView(given: PayoutInputs, keyType: KeyType, request: PayoutsRequest, kept: ReadonlyArray<BacktestSpanKept | null>, closed: ClosedSales | null = null): Promise<MadeView> {
    let table: PayoutSalesMade | undefined;
    if (closed) {
      const older = closed.sales ?? this.sales.get(closed.key);
      if (!older) return { missing: true };
      if (closed.sales) this.sales.set(closed.key, closed.sales);
      const nowMs = request.now.getTime();
      const key = tableKey(closed.key, given, keyType, madeAfter(nowMs, given.sales, older));
      table = this.tables.get(key);
      // The view reads the inputs' sales only through the table, made of both ranges' columns as they are.
      if (!table) {
        this.tables.set(key, (table = payoutSalesOf(given, keyType, nowMs, older)));
        this.tablesMade++;
      }
    }
    const model = payoutModelOf(given, keyType, request, table);
    const made: Array<[number, BacktestSpanKept]> = [];
    if (model.spans.length === 0) return { view: payoutsViewWith(model, given, keyType, request, NO_BACKTEST), made };
    const starts = model.spans.map((span, i) => {
      const found = kept[i];
      return found && found.span.month === span.month && found.span.startMs === span.startMs && found.span.endMs === span.endMs ? found : null;
    });
    // The months not kept, made together: the sales are read once for all of them.
    const toMake = starts.flatMap((start, i) => (start ? [] : [i]));
    keepBacktestSpans(model.sales, model.events, toMake.map((i) => model.spans[i]!), model.lossSales).forEach((start, k) => {
      starts[toMake[k]!] = start;
      made.push([toMake[k]!, start]);
    });
    return { view: payoutsViewWith(model, given, keyType, request, backtestFromKept(starts as BacktestSpanKept[], model.sales, model.events, model.nowMs, model.localDay, model.lossSales)), made };
  }

  /** How many sales are kept, over all keys: for tests. */
  async keptSales(): Promise<number> {
    return this.sales.calculatedSize;
  }

  /** How many model tables were made, not found kept: for tests. */
  async madeTables(): Promise<number> {
    return this.tablesMade;
  }

  async close(): Promise<void> {}
}

export type PayoutsViewEngine = Pick<PayoutsViewWorker, "payoutsView" | "keptSales" | "madeTables" | "close">;
