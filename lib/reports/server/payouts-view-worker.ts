import "server-only";

// The payout calendar's view, made in a worker thread of its own: its risk model, back-test and
// calendar run over every sale of two years, which held the server's event loop over a second
// at scale 1 (docs/benchmarks.md, "The payout calendar off the event loop"). The class runs in
// the thread (lib/store/worker/store-in-worker.ts builds it there, as it builds the fact
// stores); the sales cross as typed columns, which structured clone copies as blocks. The
// back-test's month starts kept on the main thread (payouts-kept.ts) come with the call; those
// it had to make go back with the view, to be kept.
import { keepBacktestSpan, backtestFromKept, type BacktestSpanKept } from "@/lib/analytics/payout-backtest";
import type { PayoutsView } from "@/lib/reports/payouts-view";
import type { KeyType } from "@/lib/sales-api";
import { NO_BACKTEST, payoutModelOf, payoutsViewWith, type PayoutInputs, type PayoutsRequest } from "./payouts-report";

export interface MadeView {
  view: PayoutsView;
  /** The month starts made here, by their index in the months asked for. */
  made: Array<[number, BacktestSpanKept]>;
}

export class PayoutsViewWorker {
  /** `kept`: per month of backtestSpans at the request's now, its start when kept, else null. */
  async payoutsView(data: PayoutInputs, keyType: KeyType, request: PayoutsRequest, kept: ReadonlyArray<BacktestSpanKept | null>): Promise<MadeView> {
    const model = payoutModelOf(data, keyType, request);
    const made: Array<[number, BacktestSpanKept]> = [];
    if (model.spans.length === 0) return { view: payoutsViewWith(model, data, keyType, request, NO_BACKTEST), made };
    const byId = new Map(model.sales.map((s) => [s.id, s]));
    const starts = model.spans.map((span, i) => {
      const found = kept[i];
      if (found && found.span.month === span.month && found.span.startMs === span.startMs && found.span.endMs === span.endMs) return found;
      const start = keepBacktestSpan(model.sales, model.events, span, byId);
      made.push([i, start]);
      return start;
    });
    return { view: payoutsViewWith(model, data, keyType, request, backtestFromKept(starts, model.sales, model.events, model.nowMs, model.localDay)), made };
  }

  async close(): Promise<void> {}
}

export type PayoutsViewEngine = Pick<PayoutsViewWorker, "payoutsView" | "close">;
