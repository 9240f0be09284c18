import "server-only";

// The back-test's month starts kept between requests (#25 point 8). A month's start reads only
// sales made and losses requested before it (payout-backtest.ts's keepBacktestSpan), and every
// back-tested month ends a horizon (60 days) before now, so those days are past the open window
// of the freshness policy: they change only when the mirror fetches them again. The key holds
// what the start was made from: the account, its key type (whose net is read), the history's
// first day, the month, and the fetchedAt stamp of every day up to the month's start of the
// three resources read; a day fetched again (or not fetched) makes another key, and the month is
// made again, in the worker thread (payout-backtest-worker.ts). What the sales finally kept is
// read at now on every request (backtestFromKept). Kept per process, bounded by sales held.
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { backtestFromKept, type BacktestMonthSpan, type BacktestResult, type BacktestSpanKept } from "@/lib/analytics/payout-backtest";
import { backtestSaleColumns, type PayoutBacktestEngine } from "@/lib/analytics/payout-backtest-worker";
import type { PayoutSale } from "@/lib/analytics/payout-calendar";
import type { LossEvent } from "@/lib/analytics/payout-risk";
import { DAY_MS, formatDay } from "@/lib/calendar";
import type { KeyType, RangeReport } from "@/lib/sales-api";
import { getProcessState } from "@/lib/store/process-state";
import { storeInWorker } from "@/lib/store/worker/store-in-worker";

/** Sales held over all kept months (three numbers each): about 50 MiB; two years at scale 20 keep ~0.6 M. */
export const MAX_KEPT_SALES = 2_000_000;

export interface PayoutBacktests {
  months: LRUCache<string, BacktestSpanKept>;
  engine: PayoutBacktestEngine;
  /** Month starts made (not found kept) since start: tests count them. */
  made: number;
}

export function newPayoutBacktests(engine: PayoutBacktestEngine, maxSales = MAX_KEPT_SALES): PayoutBacktests {
  return { months: new LRUCache({ maxSize: maxSales, sizeCalculation: (k) => Math.max(1, k.ids.length) }), engine, made: 0 };
}

const processBacktests = (): PayoutBacktests =>
  (getProcessState().payoutBacktests ??= newPayoutBacktests(storeInWorker<PayoutBacktestEngine>({ module: "lib/analytics/payout-backtest-worker.ts", exportName: "PayoutBacktestWorker", args: [] })));

export interface BacktestSource {
  identity: string;
  keyType: KeyType;
  history: { from: string; to: string };
  /** The fetch reports of the purchases, refunds and chargebacks the sales and losses came from. */
  reports: readonly RangeReport[];
}

const READ = new Set(["purchases", "refunds", "chargebacks"]);

/** The key of a month's start. One day past its UTC day: a local midnight may fall on the next UTC day. */
export function monthStartKey(source: BacktestSource, span: BacktestMonthSpan): string {
  const last = formatDay(Math.floor(span.startMs / DAY_MS) + 1);
  const stamps = source.reports.filter((r) => READ.has(r.resource)).map((r) => [r.resource, r.fetchedAt.filter(([day]) => day <= last)] as const);
  stamps.sort((a, b) => a[0].localeCompare(b[0]));
  return createHash("sha256").update(JSON.stringify([source.identity, source.keyType, source.history.from, span, stamps])).digest("base64url");
}

/** runBacktest's result, with the month starts found kept or made in the worker and kept. */
export async function keptBacktest(sales: readonly PayoutSale[], events: readonly LossEvent[], spans: readonly BacktestMonthSpan[], nowMs: number, dayOf: (ms: number) => number, source: BacktestSource, backtests: PayoutBacktests = processBacktests()): Promise<BacktestResult> {
  const keys = spans.map((span) => monthStartKey(source, span));
  const kept = keys.map((key) => backtests.months.get(key));
  const missing = spans.flatMap((span, i) => (kept[i] ? [] : [i]));
  if (missing.length > 0) {
    // Only what the starts read: sales made and losses requested before the last of them.
    const lastStart = Math.max(...missing.map((i) => spans[i]!.startMs));
    const made = await backtests.engine.keepSpans(backtestSaleColumns(sales.filter((s) => s.soldMs < lastStart)), events.filter((e) => e.atMs < lastStart), missing.map((i) => spans[i]!));
    backtests.made += made.length;
    missing.forEach((i, j) => backtests.months.set(keys[i]!, (kept[i] = made[j]!)));
  }
  return backtestFromKept(kept as BacktestSpanKept[], sales, events, nowMs, dayOf);
}
