// npm run bench:views [-- --view-here --scale N --runs N --reports abandonment,refunds,refunds-event,affiliates,orders,revenue,revenue-product,overview,payouts,csv --profile DIR --engine duckdb|sqlite --mirror-dir DIR --no-sandbox]
// — the views of the reports that read the fact tables, built in this process as their routes
// build them (no server, no HTTP; each fact store in its worker thread as the app opens it), so a change to a
// query or a panel can be timed in a minute instead of a bench:reports run. One mirror file in a
// temporary directory, filled as bench:reports fills it (the sandbox's generator, the large
// creator account, each UTC day stored through MirrorDayCache.set as the sync stores it:
// purchases, orders, abandoned carts, refunds and chargebacks of the two periods and the 62 days
// after, sale-dated refunds reaching past the period); then each report, the last two years in
// UTC per month against the previous period, `runs` times. --profile writes the CPU profile of
// each report's last run; --calls prints each store call of the last run: its time on the main
// thread (the worker's query, the answer's copy across and its decoding) and the answer's size
// once serialized, with what serializing and decoding it again costs here. --engine duckdb (the default) puts the
// four fact tables in one DuckDB file, their stores in one worker thread, as the app opens them by
// default; the carts' store then aggregates the Abandonment panels there too. --engine sqlite: in the
// mirror's file, a worker each (SALESDASH_FACT_ENGINE=sqlite).
// --view-here makes the payout calendar's view in this thread (its worker's class, not its thread), so --profile sees it.
// --mirror-dir DIR reads the mirror a `bench:reports -- --backend sqlite|duckdb --data-dir D --keep`
// run filled (DIR = D/duckdb, or D/sqlite with --engine sqlite) instead of filling one: scale 20 is profiled without its 7-minute
// fill. Its days are judged fresh as the server judges them (the real clock), and the account is
// the one bench:reports' secret and sandbox address name; the sandbox is started there, at the
// fill's scale, as bench:reports starts it, and answers what the views still ask upstream
// (--no-sandbox: none is started, for a view that asks nothing upstream while the port is taken).
import { createHash } from "node:crypto";
import fs from "node:fs";
import inspector from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import type { ReportParams } from "@/lib/report-params/definitions";
import { buildAbandonmentView } from "@/lib/reports/server/abandonment-report";
import { buildAffiliatesView } from "@/lib/reports/server/affiliates-report";
import { buildOrdersView } from "@/lib/reports/server/orders-report";
import { buildRevenueView } from "@/lib/reports/server/revenue-report";
import { buildOverviewView } from "@/lib/reports/server/overview-report";
import { buildPayoutsView } from "@/lib/reports/server/payouts-report";
import { newPayoutBacktests, warmPayoutsView } from "@/lib/reports/server/payouts-kept";
import { PayoutsViewWorker } from "@/lib/reports/server/payouts-view-worker";
import { processShared } from "@/lib/store/process-state";
import { overviewWindows } from "@/lib/reports/overview-windows";
import { buildRefundsView } from "@/lib/reports/server/refunds-report";
import { loadRevenueExport } from "@/lib/reports/server/revenue-export";
import { csvStream } from "@/lib/csv/stream";
import { columnsInZone } from "@/lib/csv/zoned-time";
import type { CartFactStore } from "@/lib/store/cart-fact-store";
import type { EventFactStore } from "@/lib/store/event-fact-store";
import type { OrderFactStore } from "@/lib/store/order-fact-store";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { warmStoreWorker } from "@/lib/store/worker/store-in-worker";
import { openWorkerCartFactStore, openWorkerDuckDbFactStores, openWorkerEventFactStore, openWorkerOrderFactStore, openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { BENCH_NOW, BENCH_TODAY, fillMirror, lastTwoYears, loadAverage as load, openBenchMirror, rssMiB, seconds as s } from "./bench/fill-mirror";
import { runMain } from "./bench/run-main";
import { startSandboxProcess, type RunningSandbox } from "../tests/support/sandbox-process";
import type { MirroredClient } from "@/lib/mirror/range-reader";

const { values } = parseArgs({ options: { "view-here": { type: "boolean", default: false }, scale: { type: "string", default: "5" }, runs: { type: "string", default: "3" }, reports: { type: "string", default: "abandonment,refunds,affiliates" }, profile: { type: "string" }, calls: { type: "boolean", default: false }, engine: { type: "string", default: "duckdb" }, "mirror-dir": { type: "string" }, "no-sandbox": { type: "boolean", default: false } } });
if (values.engine !== "sqlite" && values.engine !== "duckdb") throw new Error(`--engine: sqlite or duckdb, not ${values.engine}`);
const ON_DUCKDB = values.engine === "duckdb";
const SCALE = Number(values.scale);
const RUNS = Number(values.runs);
const KEPT = values["mirror-dir"];
// bench:reports' secret and sandbox address when its fill is read (scripts/bench-reports.ts).
const SECRET = KEPT ? "bench-reports-secret-0123456789abcdef0123456789abcdef" : "bench-views-secret-0123456789abcdef";
const KEPT_BASE_URL = "https://127.0.0.1:9513";
// The account's identity is keyed by the server's secret as the dashboard's (credentialIdentity): without it, no day of the kept fill is this account's.
if (KEPT) process.env.AUTH_SECRET = SECRET;
// --view-here: the payout view's worker class in this thread, so that --profile sees its work.
if (values["view-here"]) processShared("payout-backtests", () => newPayoutBacktests(new PayoutsViewWorker()));

type Stores = { facts: PurchaseFactStore; orderFacts: OrderFactStore; cartFacts: CartFactStore; eventFacts: EventFactStore };
const VIEWS: Record<string, (client: MirroredClient, params: ReportParams, stores: Stores) => Promise<unknown>> = {
  abandonment: (client, params, { facts, cartFacts }) => buildAbandonmentView(client, params, { facts, cartFacts, cartStoreReadsPurchases: true }),
  refunds: (client, params, { facts, eventFacts, orderFacts }) => buildRefundsView(client, "creator", params, { facts, eventFacts, orderFacts }),
  "refunds-event": (client, params, { facts, eventFacts, orderFacts }) => buildRefundsView(client, "creator", { ...params, dating: "event" }, { facts, eventFacts, orderFacts }),
  affiliates: (client, params, { facts, eventFacts }) => buildAffiliatesView(client, params, { facts, eventFacts }),
  orders: (client, params, { orderFacts }) => buildOrdersView(client, params, { orderFacts }),
  revenue: (client, params, { facts }) => buildRevenueView(client, "creator", params, { facts }),
  // The best-selling product of the sandbox's large creator, as bench:reports filters it.
  "revenue-product": (client, params, { facts }) => buildRevenueView(client, "creator", { ...params, filters: { ...params.filters, product: ["Sourdough Masterclass"] } }, { facts }),
  // At the sandbox's now, as bench:reports asks them (the browser's minute, UTC).
  overview: (client, _params, { facts, orderFacts, cartFacts, eventFacts }) => buildOverviewView(client, "creator", overviewWindows(new Date(BENCH_NOW), "UTC"), { facts, orderFacts, cartFacts, eventFacts, cartStoreReadsPurchases: true }),
  payouts: (client, _params, { facts, eventFacts }) => buildPayoutsView(client, "creator", { now: new Date(BENCH_NOW), month: null, tz: "UTC" }, { facts, eventFacts }),
  // The purchases CSV of the current period, as the export route writes it (no comparison): its rows, bytes and digest printed.
  csv: (client, params, { facts }) => purchasesCsv(client, { ...params, compare: "none" }, facts),
};

/** The purchases CSV's body as exportResponse sends it, read to its end (report-export.ts imports the route helpers, which need Next). */
async function purchasesCsv(client: MirroredClient, params: ReportParams, facts: PurchaseFactStore): Promise<void> {
  const set = (await loadRevenueExport(client, "creator", params, { facts })).datasets.get("purchases")!;
  const reader = csvStream(columnsInZone(set.columns, params.tz), set.rows).getReader();
  const hash = createHash("sha256");
  const started = performance.now();
  let bytes = 0;
  let rows = -1; // the header; records by their line feeds (the purchases file's cells hold none in the sandbox's data)
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    hash.update(value);
    for (let i = 0; i < value.length; i++) if (value[i] === 10) rows++;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`  csv: ${rows} rows, ${(bytes / 1_048_576).toFixed(0)} MiB, ${Math.round(rows / seconds)} rows/s, sha256 ${hash.digest("hex").slice(0, 16)}`);
}

/** The store, each of its calls timed and its answer weighed while `on()` says so. */
function timed<S extends object>(name: string, store: S, on: () => boolean): S {
  return new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== "function" || !on()) return value;
      return async (...args: unknown[]) => {
        const t = performance.now();
        const answer = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        const took = performance.now() - t;
        const c = performance.now();
        const bytes = v8.serialize(answer);
        v8.deserialize(bytes);
        // The rows of each list the answer holds: which part of it weighs.
        const lists = answer && typeof answer === "object" && !Array.isArray(answer) ? Object.entries(answer).filter(([, v]) => Array.isArray(v)).map(([k, v]) => `${k} ${(v as unknown[]).length}`) : [];
        console.log(`  ${name}.${String(key)}: ${took.toFixed(0)} ms, answer ${(bytes.length / 1_048_576).toFixed(1)} MiB serialized (serialized and decoded again here in ${(performance.now() - c).toFixed(0)} ms)${lists.length ? `; rows: ${lists.join(", ")}` : ""}`);
        return answer;
      };
    },
  });
}

async function main(): Promise<void> {
  const reports = values.reports.split(",");
  for (const r of reports) if (!VIEWS[r]) throw new Error(`unknown report ${r}: one of ${Object.keys(VIEWS).join(", ")}`);
  const dir = KEPT ?? fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-bench-views-"));
  const file = path.join(dir, "mirror.sqlite");
  const mirror = new SqliteMirrorStore(file);
  // Each fact store in its worker thread, as the app opens them (lib/store/worker-fact-stores.ts).
  const onDuckDb = ON_DUCKDB && openWorkerDuckDbFactStores(path.join(dir, "facts.duckdb"));
  const opened: Stores = onDuckDb
    ? { facts: onDuckDb.purchases, orderFacts: onDuckDb.orders, cartFacts: onDuckDb.carts, eventFacts: onDuckDb.events }
    : { facts: openWorkerPurchaseFactStore(file), orderFacts: openWorkerOrderFactStore(file), cartFacts: openWorkerCartFactStore(file), eventFacts: openWorkerEventFactStore(file) };
  let weighing = false;
  const stores: Stores = values.calls ? { facts: timed("facts", opened.facts, () => weighing), orderFacts: timed("orderFacts", opened.orderFacts, () => weighing), cartFacts: timed("cartFacts", opened.cartFacts, () => weighing), eventFacts: timed("eventFacts", opened.eventFacts, () => weighing) } : opened;
  // The days are stamped and judged by the real clock (as a server judges them): every one is fresh.
  const sandbox: RunningSandbox | undefined = KEPT && !values["no-sandbox"] ? await startSandboxProcess(["--port", new URL(KEPT_BASE_URL).port, "--scale", String(keptScale(KEPT)), "--now", new Date(BENCH_NOW).toISOString()]) : undefined;
  const bench = openBenchMirror({ store: mirror, serverSecret: SECRET, ...opened, clock: () => Date.now(), ...(sandbox ? { baseUrl: sandbox.creds.baseUrl, caFile: sandbox.creds.caFile } : KEPT && { baseUrl: KEPT_BASE_URL }) });
  // A failed view must not leave the sandbox holding its port.
  try {
    const params: ReportParams = { ...lastTwoYears(731), compare: "previous" };
    if (KEPT) console.log(`the kept mirror in ${KEPT} (load ${load()})`);
    else await fill(bench, file);
    // The threads started and their stores opened before the first view, as the server's start awaits them (instrumentation.ts).
    await Promise.all([...Object.values(opened).map((store) => warmStoreWorker(store)), ...(reports.includes("payouts") ? [warmPayoutsView()] : [])]);
    console.log(`views of ${params.from} .. ${params.to} against the previous period, UTC, per month, ${RUNS} runs each`);
    const session = new inspector.Session();
    session.connect();
    for (const report of reports) {
      const times: string[] = [];
      for (let run = 0; run < RUNS; run++) {
        const profiling = values.profile !== undefined && run === RUNS - 1;
        weighing = values.calls && run === RUNS - 1;
        if (profiling) {
          await session.post("Profiler.enable");
          await session.post("Profiler.start");
        }
        // With --expose-gc, each run starts from a collected heap (the fill's garbage is not its peak).
        (globalThis as { gc?: () => void }).gc?.();
        const before = load();
        // The process's RSS (the workers' memory in it) sampled while the view is built: its peak is what one request costs.
        let peak = 0;
        const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
        const sampler = setInterval(sample, 25);
        const t = performance.now();
        // CPU time of every thread of the process (the stores' workers too): what the view costs whatever else runs on the machine.
        const cpu0 = process.cpuUsage();
        await VIEWS[report]!(bench.client, params, stores);
        times.push(s(performance.now() - t));
        const cpu = process.cpuUsage(cpu0);
        clearInterval(sampler);
        sample();
        // With --expose-gc, what the run left held (not its garbage).
        (globalThis as { gc?: () => void }).gc?.();
        const heap = process.memoryUsage();
        const mib = (bytes: number) => (bytes / 1_048_576).toFixed(0);
        // The main thread's heap and buffers beside the process's RSS (the workers' heaps are in the RSS only).
        console.log(`${report} run ${run + 1}: ${times.at(-1)} s, CPU ${s((cpu.user + cpu.system) / 1000)} s (load ${before} -> ${load()}, peak RSS during the view ${mib(peak)} MiB, RSS ${rssMiB()} MiB, main heap ${mib(heap.heapUsed)} of ${mib(heap.heapTotal)} MiB, external ${mib(heap.external)} MiB)`);
        if (profiling) {
          const { profile } = await session.post("Profiler.stop");
          fs.mkdirSync(values.profile!, { recursive: true });
          fs.writeFileSync(path.join(values.profile!, `${report}.cpuprofile`), JSON.stringify(profile));
        }
      }
      console.log(`${report}: ${times.join(" / ")} s`);
    }
    session.disconnect();
    await Promise.all(Object.values(opened).map((store) => store.close()));
    await mirror.close();
  } finally {
    await sandbox?.stop();
  }
  if (!KEPT) fs.rmSync(dir, { recursive: true, force: true });
}

/** The scale bench:reports filled the kept mirror at (its bench-fill.json). */
const keptScale = (dir: string): number => (JSON.parse(fs.readFileSync(path.join(dir, "bench-fill.json"), "utf8")) as { scale: number }).scale;

/** A new mirror filled as bench:reports fills it: four years and 62 days of the large creator. */
async function fill(bench: ReturnType<typeof openBenchMirror>, file: string): Promise<void> {
  console.log(`filling scale ${SCALE}: 4 years and 62 days, fact tables on ${values.engine} (load ${load()})`);
  const started = performance.now();
  const counts = await fillMirror(bench, { scale: SCALE, resources: ["purchases", "orders", "abandoned-carts", "refunds", "chargebacks"], firstDay: BENCH_TODAY - 2 * 731, lastDay: BENCH_TODAY + 62, fetchedAt: Date.now() });
  console.log(`filled ${Object.entries(counts).map(([r, n]) => `${n} ${r}`).join(", ")} in ${s(performance.now() - started)} s; file ${(fs.statSync(file).size / 1_048_576).toFixed(0)} MiB`);
}

runMain(main);
