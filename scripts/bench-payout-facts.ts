// npm run bench:payout-facts [-- --scale N] — the payout calendar (two years of history) from the
// purchase records (every sealed day opened, decrypted and parsed) and from the purchases fact
// table (#25), on one mirror file filled as bench:facts fills it (purchases, refunds and
// chargebacks of the large creator account through MirrorDayCache.set, as the sync stores them),
// with the fact store in its worker thread as the app opens it. Same view from both, or it says NO.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { runBacktest } from "@/lib/analytics/payout-backtest";
import { HISTORY_DAYS, payoutHistory } from "@/lib/reports/payouts-month";
import { payoutInputsFromFacts } from "@/lib/reports/server/payouts-facts";
import { buildPayoutsView, payoutModelOf, payoutsViewKept, payoutsViewOf } from "@/lib/reports/server/payouts-report";
import { loadPayoutLossRows } from "@/lib/reports/server/payouts-losses";
import { newPayoutBacktests, openPayoutsViewWorker } from "@/lib/reports/server/payouts-kept";
import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { BENCH_NOW as NOW, fillTempMirror, loadAverage as load, rssMiB, seconds as s } from "./bench/fill-mirror";
import { runMain } from "./bench/run-main";
import type { MirroredClient } from "@/lib/mirror/range-reader";

const { values } = parseArgs({ options: { scale: { type: "string", default: "5" } } });
const SCALE = Number(values.scale);
const DAYS = HISTORY_DAYS + 1;
const SECRET = "bench-payout-facts-secret-0123456789abcdef";

/** `f`'s result, its time and the longest stall of the event loop while it ran (the monitor must tick once before, and once after). */
async function withStall<T>(f: () => Promise<T>): Promise<{ value: T; ms: number; stall: string }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const started = performance.now();
  const value = await f();
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 20));
  delay.disable();
  return { value, ms, stall: `longest event-loop stall ${(delay.max / 1e6).toFixed(0)} ms` };
}

async function main(): Promise<void> {
  const filled = await fillTempMirror({ name: "bench-payout-facts", scale: SCALE, days: DAYS, resources: ["purchases", "refunds", "chargebacks"], serverSecret: SECRET, stores: (file) => ({ facts: openWorkerPurchaseFactStore(file) }) });
  const { bench: { client }, stores: { facts } } = filled;

  // Where the time goes: each fetchRange (the three resources run side by side, so they overlap) and the store's payoutSales.
  const phases = new Map<string, number>();
  const timed = <A extends unknown[], R>(name: (...args: A) => string, f: (...args: A) => Promise<R>) => async (...args: A): Promise<R> => {
    const t = performance.now();
    try {
      return await f(...args);
    } finally {
      phases.set(name(...args), (phases.get(name(...args)) ?? 0) + performance.now() - t);
    }
  };
  const fetchRange = client.fetchRange.bind(client);
  client.fetchRange = timed((resource, _range, options) => `${resource}${options?.digest ? " (day summaries)" : ""}`, fetchRange) as typeof client.fetchRange;
  const payoutSales = facts.payoutSales.bind(facts);
  facts.payoutSales = timed<Parameters<typeof payoutSales>, Awaited<ReturnType<typeof payoutSales>>>(() => "payoutSales", payoutSales);
  const request = { now: new Date(NOW), month: null, tz: "UTC" };
  const time = async (label: string, options: { facts?: typeof facts }) => {
    phases.clear();
    const before = load();
    // CPU time of the process, every thread (the stores' and the view's workers): less at the mercy of the machine's load than the wall time.
    const cpu = process.cpuUsage();
    const { value: view, ms, stall } = await withStall(() => buildPayoutsView(client, "creator", request, options));
    const used = process.cpuUsage(cpu);
    console.log(`${label}: ${s(ms)} s, CPU ${s((used.user + used.system) / 1000)} s, ${stall} (load ${before} -> ${load()}, RSS ${rssMiB()} MiB; ${view.currencies.map((c) => `${c.currency} ${c.totals.sales} sales`).join(", ")})`);
    console.log(`  ${[...phases].map(([name, t]) => `${name} ${s(t)} s`).join(", ")}`);
    return JSON.stringify(view, (key, value: unknown) => (key === "computedAt" ? 0 : value));
  };
  const records = await time("from the records (before)", {});
  const first = await time("from the fact table (after)", { facts });
  const second = await time("from the fact table, again", { facts });
  const records2 = await time("from the records, again", {});
  console.log(`the same view from both: ${records === first && first === second && second === records2 ? "yes" : "NO"}`);
  await modelPhases(client, facts, request);
  await facts.close();
  await filled.remove();
}

/** The model's phases on this thread, as before the back-test was kept: the sales and the fit at now, the back-test, the calendar. */
async function modelPhases(client: MirroredClient, facts: ReturnType<typeof openWorkerPurchaseFactStore>, request: { now: Date; month: null; tz: string }): Promise<void> {
  const history = payoutHistory(request.now);
  // What holds the event loop before the model: the reads, each alone.
  const events = await withStall(() => loadPayoutLossRows(client, history, {}));
  const read = await withStall(() => payoutInputsFromFacts(client, history, {}, facts, Promise.resolve(events.value)));
  console.log(`refund and chargeback records: ${s(events.ms)} s, ${events.stall}; day summaries, currency and payoutSales: ${s(read.ms)} s, ${read.stall} (load ${load()})`);
  const inputs = read.value!;
  const lap = <T>(f: () => T): [T, number] => {
    const t = performance.now();
    return [f(), performance.now() - t];
  };
  const [model, modelMs] = lap(() => payoutModelOf(inputs, "creator", request));
  const [, backtestMs] = lap(() => runBacktest(model.sales, model.events, model.spans, model.nowMs, model.localDay));
  const [, viewMs] = lap(() => payoutsViewOf(inputs, "creator", request));
  console.log(`on one thread, ${model.sales.length} sales: sales and model at now ${s(modelMs)} s, back-test (${model.spans.length} months) ${s(backtestMs)} s, the whole view ${s(viewMs)} s`);
  // The same view from the same inputs as the app makes it: in the worker, month starts kept.
  const kept = newPayoutBacktests(openPayoutsViewWorker());
  for (const label of ["in the worker, no month kept", "in the worker, months kept", "in the worker, months kept, again"]) {
    const { ms, stall } = await withStall(() => payoutsViewKept(inputs, "creator", request, client.identity, kept));
    console.log(`the view from loaded inputs, ${label}: ${s(ms)} s, ${stall} (load ${load()})`);
  }
  await kept.engine.close();
}

runMain(main);
