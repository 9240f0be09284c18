import "server-only";

// The back-test's month starts kept between requests (#25 point 8). A month's start reads only
// sales made and losses requested before it (payout-backtest.ts's keepBacktestSpan), and every
// back-tested month ends a horizon (60 days) before now, so those days are past the open window
// of the freshness policy: they change only when the mirror fetches them again. The key holds
// what the start was made from: the account, its key type (whose net is read), the history's
// first day, the month, and the fetchedAt stamp of every day up to the month's start of the
// three resources read; a day fetched again (or not fetched) makes another key, and the month is
// made again, in the worker thread that makes the view (payouts-view-worker.ts), which sends it
// back to be kept. What the sales finally kept is read at now on every request
// (backtestFromKept). Kept per process, bounded by the sales held.
import { createHash, randomUUID } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { BacktestMonthSpan, BacktestSpanKept } from "@/lib/analytics/payout-backtest";
import { DAY_MS, formatDay } from "@/lib/calendar";
import type { PayoutsView } from "@/lib/reports/payouts-view";
import type { KeyType } from "@/lib/sales-api";
import { processShared } from "@/lib/store/process-state";
import { storeInWorker, warmStoreWorker } from "@/lib/store/worker/store-in-worker";
import type { PayoutsViewEngine, ViewMade } from "./payouts-view-worker";
import type { RangeReport } from "@/lib/mirror/range-types";

/** Sales held over all kept months (three numbers each): about 50 MiB; two years at scale 20 keep ~0.6 M. */
export const MAX_KEPT_SALES = 2_000_000;

export interface PayoutBacktests {
  months: LRUCache<string, BacktestSpanKept>;
  engine: PayoutsViewEngine;
  /** Month starts made (not found kept) since start: tests count them. */
  made: number;
}

export function newPayoutBacktests(engine: PayoutsViewEngine, maxSales = MAX_KEPT_SALES): PayoutBacktests {
  return { months: new LRUCache({ maxSize: maxSales, sizeCalculation: (k) => Math.max(1, k.ids.length) }), engine, made: 0 };
}

export const openPayoutsViewWorker = (): PayoutsViewEngine => storeInWorker<PayoutsViewEngine>({ module: "lib/reports/server/payouts-view-worker.ts", exportName: "PayoutsViewWorker", args: [] });

// The process's one: the month starts and the worker thread that makes them.
const processBacktests = (): PayoutBacktests => processShared("payout-backtests", () => newPayoutBacktests(openPayoutsViewWorker()));

/**
 * At the server's start (instrumentation.ts), on every back-end: the view's thread is started and
 * loads its modules while nobody waits, not in the first calendar's time (~0.7 s of it at scale
 * 20: docs/benchmarks.md). An idle thread, which the first calendar would start anyway.
 */
export const warmPayoutsView = (backtests: PayoutBacktests = processBacktests()): Promise<void> => warmStoreWorker(backtests.engine);

export interface BacktestSource {
  identity: string;
  keyType: KeyType;
  history: { from: string; to: string };
  /** The fetch reports of the purchases, refunds and chargebacks the sales and losses came from. */
  reports: readonly RangeReport[];
}

const READ = new Set(["purchases", "refunds", "chargebacks"]);

/**
 * The keys of the months' starts. A start reads the days up to one past its UTC day (a local
 * midnight may fall on the next UTC day). Each resource's stamps (fetchedAt, oldest day first)
 * are hashed once, the hash copied at each start: twelve hashes of two years of stamps held the
 * event loop ~35 ms under load.
 */
export function monthStartKeys(source: BacktestSource, spans: readonly BacktestMonthSpan[]): string[] {
  const lasts = spans.map((span) => formatDay(Math.floor(span.startMs / DAY_MS) + 1));
  const order = spans.map((_, i) => i).sort((a, b) => lasts[a]!.localeCompare(lasts[b]!));
  const stamps: string[][] = spans.map(() => []);
  const reports = source.reports.filter((r) => READ.has(r.resource)).sort((a, b) => a.resource.localeCompare(b.resource));
  for (const report of reports) {
    const hash = createHash("sha256").update(report.resource);
    let at = 0;
    for (const i of order) {
      for (; at < report.fetchedAt.length && report.fetchedAt[at]![0] <= lasts[i]!; at++) hash.update(`${report.fetchedAt[at]![0]}=${report.fetchedAt[at]![1]};`);
      stamps[i]!.push(hash.copy().digest("base64url"));
    }
  }
  return spans.map((span, i) => createHash("sha256").update(JSON.stringify([source.identity, source.keyType, source.history.from, span, stamps[i]])).digest("base64url"));
}

/** The view from `make`, given the month starts kept for `spans` (null where none is); those it made are kept. */
export async function viewWithKeptMonths(source: BacktestSource, spans: readonly BacktestMonthSpan[], make: (kept: Array<BacktestSpanKept | null>, engine: PayoutsViewEngine) => Promise<ViewMade>, backtests: PayoutBacktests = processBacktests()): Promise<PayoutsView> {
  const keys = monthStartKeys(source, spans);
  const { view, made } = await make(keys.map((key) => backtests.months.get(key) ?? null), backtests.engine);
  for (const [i, start] of made) backtests.months.set(keys[i]!, start);
  backtests.made += made.length;
  return view;
}

// A token per store object: two stores (another back-end, a test's) may hold different rows for
// the same account and fetch times; a process opens one store per table, so in the app it is one.
const storeTokens = (): WeakMap<object, string> => processShared("payout-store-tokens", () => new WeakMap<object, string>());

function storeToken(store: object): string {
  const tokens = storeTokens();
  let token = tokens.get(store);
  if (token === undefined) tokens.set(store, (token = randomUUID()));
  return token;
}

/**
 * The key of the closed days' sales kept in the view's worker (payouts-view-worker.ts): what
 * they were read from. The days' rows change only when the mirror fetches a day again, which
 * stamps it anew (and the calendar reads the table only when it holds every day as stamped:
 * facts-hold.ts); the currency plan places the rows' currency.
 */
export function closedSalesKey(store: object, identity: string, days: { from: string; to: string }, plan: unknown, purchases: RangeReport): string {
  const hash = createHash("sha256").update(JSON.stringify([storeToken(store), identity, days, plan]));
  for (const [day, at] of purchases.fetchedAt) if (day >= days.from && day <= days.to) hash.update(`${day}=${at};`);
  return hash.digest("base64url");
}
