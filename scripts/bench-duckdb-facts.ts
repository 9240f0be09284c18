// npm run bench:duckdb-facts [-- --scale N --days N --runs N --repeats N --dir DIR --only CALL] — the
// purchases fact table on SQLite (in its worker thread, as the app opens it) and on DuckDB
// (DuckDbPurchaseFactStore), filled with the same rows, and the store calls of the reports
// timed on each: cold (the first call of a new process, the store opened) and warm (the same
// call again in that process), the engines' processes taking turns so that the shared
// machine's load falls on both alike. docs/benchmarks.md, "The purchases fact table on DuckDB".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { purchaseFactRows } from "@/lib/query/purchase-facts";
import { purchasePlan } from "@/lib/query/purchase-query";
import { purchaseTablePlan } from "@/lib/query/purchase-table-query";
import type { FilterKey } from "@/lib/report-params/definitions";
import { payoutHistory } from "@/lib/reports/payouts-month";
import { RESOURCES } from "@/lib/sales-api/resources";
import { DuckDbPurchaseFactStore } from "@/lib/store/duckdb/duckdb-purchase-fact-store";
import type { FactPageRequest, PurchaseFactPlan, PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { Dataset } from "../sandbox/data/dataset";
import { benchAccounts, BENCH_NOW, BENCH_TODAY, isoOfDay, loadAverage } from "./bench/fill-mirror";
import { runMain } from "./bench/run-main";

const ENGINES = ["sqlite", "duckdb"] as const;
type Engine = (typeof ENGINES)[number];
const ACCOUNT = "creator";
const ZONE = "America/Sao_Paulo";
const PAGE_SIZE = 50;

/** What the fill found, for the children's filters. */
interface Filled { scale: number; days: number; rows: number; product: string; method: string; affiliate: string; fillMs: Record<Engine, number> }

const fileOf = (dir: string, engine: Engine) => path.join(dir, engine === "sqlite" ? "facts.sqlite" : "facts.duckdb");
const open = (dir: string, engine: Engine): PurchaseFactStore => (engine === "sqlite" ? openWorkerPurchaseFactStore(fileOf(dir, engine)) : new DuckDbPurchaseFactStore(fileOf(dir, engine)));
const mostCommon = (counts: Map<string, number>, skip = "") => [...counts].filter(([k]) => k !== skip).sort((a, b) => b[1] - a[1])[0]![0];
const tally = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

async function fill(dir: string, scale: number, days: number): Promise<Filled> {
  const stores = { sqlite: open(dir, "sqlite"), duckdb: open(dir, "duckdb") };
  const dataset = new Dataset("salesdash", scale);
  const fillMs = { sqlite: 0, duckdb: 0 };
  const products = new Map<string, number>();
  const affiliates = new Map<string, number>();
  const methods = new Map<string, Map<string, number>>();
  let rows = 0;
  console.log(`filling ${days} days at scale ${scale} (load ${loadAverage()})`);
  for (let d = BENCH_TODAY, n = 0; d > BENCH_TODAY - days; d--, n++) {
    const records = dataset.dayRecords(benchAccounts.creator.scope, "purchases", d, BENCH_NOW).flatMap((r) => {
      const parsed = RESOURCES.purchases.schema.safeParse(r);
      return parsed.success ? [parsed.data] : [];
    });
    const day = purchaseFactRows(records);
    rows += day.length;
    for (const r of day) {
      tally(products, r.dims.product);
      tally(affiliates, r.dims.affiliate);
      tally(methods.get(r.dims.product) ?? methods.set(r.dims.product, new Map()).get(r.dims.product)!, r.dims.paymentMethod);
    }
    // Newest day first, as the sync fills; the engines take turns at going first.
    for (const engine of n % 2 === 0 ? ENGINES : [...ENGINES].reverse()) {
      const t = performance.now();
      await stores[engine].replaceDay(ACCOUNT, isoOfDay(d), BENCH_NOW, day);
      fillMs[engine] += performance.now() - t;
    }
    if (n % 100 === 99) console.log(`  ${isoOfDay(d)}: ${rows} rows; sqlite ${(fillMs.sqlite / 1000).toFixed(1)} s, duckdb ${(fillMs.duckdb / 1000).toFixed(1)} s (load ${loadAverage()})`);
  }
  await Promise.all(ENGINES.map((e) => stores[e].close()));
  const product = mostCommon(products);
  return { scale, days, rows, product, method: mostCommon(methods.get(product)!), affiliate: mostCommon(affiliates, "none"), fillMs };
}

/** The report's calls over the last two years in São Paulo, by name. */
function calls(filled: Filled): Record<string, (store: PurchaseFactStore) => Promise<unknown>> {
  const to = isoOfDay(BENCH_TODAY - 1);
  const from = isoOfDay(Math.max(BENCH_TODAY - filled.days + 1, BENCH_TODAY - 730));
  const currency = assumeCurrency(null);
  const planOf = (filters: Partial<Record<FilterKey, string[]>>): PurchaseFactPlan => {
    const { plan } = purchasePlan({ from, to, timeZone: ZONE, granularity: "day", keyType: "creator", filters, currency });
    return { ...plan, bucketStarts: plan.bucketStarts.slice(0, 1) };
  };
  const page = (page: number, sort: FactPageRequest["sort"]): FactPageRequest => ({ plan: purchaseTablePlan({ from, to, timeZone: ZONE, filters: {} }), sort, dir: "desc", amount: "sale", page, pageSize: PAGE_SIZE });
  const history = payoutHistory(new Date(BENCH_NOW));
  const plan = planOf({}).currency;
  return {
    "summarize, no filter": (s) => s.summarize(ACCOUNT, planOf({})),
    "summarize, one product": (s) => s.summarize(ACCOUNT, planOf({ product: [filled.product] })),
    "summarize, product + method": (s) => s.summarize(ACCOUNT, planOf({ product: [filled.product], method: [filled.method] })),
    "summarize, one affiliate": (s) => s.summarize(ACCOUNT, planOf({ affiliate: [filled.affiliate] })),
    affiliateGroups: (s) => s.affiliateGroups(ACCOUNT, planOf({})),
    "purchasePage 1, by time": (s) => s.purchasePage(ACCOUNT, page(1, "createdAt")),
    "purchasePage 500, by time": (s) => s.purchasePage(ACCOUNT, page(500, "createdAt")),
    "purchasePage 1, by amount": (s) => s.purchasePage(ACCOUNT, page(1, "amount")),
    "purchasePage 500, by amount": (s) => s.purchasePage(ACCOUNT, page(500, "amount")),
    "fundsDue, next 30 days": (s) => s.fundsDue(ACCOUNT, history, plan, { fromMs: BENCH_NOW, toMs: BENCH_NOW + 30 * 86_400_000 }),
    "payoutSales, 730 days": (s) => s.payoutSales(ACCOUNT, history, plan),
  };
}

const peakRssMiB = () => Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"))![1]) / 1024;

interface ChildResult { openMs: number; coldMs: number; warmMs: number[]; peakMiB: number }

/** In a new process: the store opened (a read of the day marks starts the worker or the instance), then the call once cold and `repeats` times warm. */
async function child(dir: string, engine: Engine, name: string, repeats: number): Promise<void> {
  const filled = JSON.parse(fs.readFileSync(path.join(dir, "filled.json"), "utf8")) as Filled;
  const call = calls(filled)[name]!;
  let t = performance.now();
  const store = open(dir, engine);
  await store.readDayMeta(ACCOUNT, [isoOfDay(BENCH_TODAY)]);
  const openMs = performance.now() - t;
  t = performance.now();
  await call(store);
  const coldMs = performance.now() - t;
  const warmMs: number[] = [];
  for (let i = 0; i < repeats; i++) {
    t = performance.now();
    await call(store);
    warmMs.push(performance.now() - t);
  }
  const result: ChildResult = { openMs, coldMs, warmMs, peakMiB: peakRssMiB() };
  await store.close();
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const sizeMiB = (file: string) => [file, `${file}-wal`, `${file}.wal`].reduce((sum, f) => sum + (fs.existsSync(f) ? fs.statSync(f).size : 0), 0) / 1_048_576;

function runChild(dir: string, engine: Engine, name: string, repeats: number): ChildResult {
  const out = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", process.argv[1]!, "--child", engine, "--call", name, "--dir", dir, "--repeats", String(repeats)], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const line = out.stdout.split("\n").find((l) => l.startsWith("RESULT "));
  if (!line) throw new Error(`${engine} ${name}: ${out.stderr || out.stdout}`);
  return JSON.parse(line.slice(7)) as ChildResult;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { scale: { type: "string", default: "5" }, days: { type: "string", default: "731" }, runs: { type: "string", default: "2" }, repeats: { type: "string", default: "3" }, dir: { type: "string" }, child: { type: "string" }, call: { type: "string" }, only: { type: "string" }, keep: { type: "boolean", default: false } } });
  const repeats = Number(values.repeats);
  if (values.child) return child(values.dir!, values.child as Engine, values.call!, repeats);

  const dir = values.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-duckdb-facts-"));
  const saved = path.join(dir, "filled.json");
  let filled: Filled;
  if (fs.existsSync(saved)) filled = JSON.parse(fs.readFileSync(saved, "utf8")) as Filled;
  else {
    filled = await fill(dir, Number(values.scale), Number(values.days));
    fs.writeFileSync(saved, JSON.stringify(filled));
  }
  console.log(`${filled.rows} purchases, ${filled.days} days at scale ${filled.scale}; product "${filled.product}", method ${filled.method}, affiliate "${filled.affiliate}"`);
  console.log(`fill: sqlite ${(filled.fillMs.sqlite / 1000).toFixed(1)} s, duckdb ${(filled.fillMs.duckdb / 1000).toFixed(1)} s; files: sqlite ${sizeMiB(fileOf(dir, "sqlite")).toFixed(0)} MiB, duckdb ${sizeMiB(fileOf(dir, "duckdb")).toFixed(0)} MiB`);
  console.log(`\n| call (load before → after) | sqlite cold / warm (ms) | duckdb cold / warm (ms) | peak RSS sqlite / duckdb (MiB) |\n|---|---:|---:|---:|`);
  const opens: Record<Engine, number[]> = { sqlite: [], duckdb: [] };
  // --dir DIR fills DIR once and reads it again on the next run; --only times one call.
  for (const [n, name] of Object.keys(calls(filled)).filter((c) => !values.only || c === values.only).entries()) {
    const before = os.loadavg()[0]!.toFixed(1);
    const results: Record<Engine, ChildResult[]> = { sqlite: [], duckdb: [] };
    // The engine going first changes from one run to the next and from one call to the next.
    for (let run = 0; run < Number(values.runs); run++) {
      for (const engine of (run + n) % 2 === 0 ? ENGINES : [...ENGINES].reverse()) results[engine].push(runChild(dir, engine, name, repeats));
    }
    const cell = (e: Engine) => `${ms(median(results[e].map((r) => r.coldMs)))} / ${ms(median(results[e].flatMap((r) => r.warmMs)))}`;
    const peak = (e: Engine) => Math.max(...results[e].map((r) => r.peakMiB)).toFixed(0);
    for (const e of ENGINES) opens[e].push(...results[e].map((r) => r.openMs));
    console.log(`| ${name} (${before} → ${os.loadavg()[0]!.toFixed(1)}) | ${cell("sqlite")} | ${cell("duckdb")} | ${peak("sqlite")} / ${peak("duckdb")} |`);
  }
  console.log(`| open (the worker started, or the instance), median | ${ms(median(opens.sqlite))} | ${ms(median(opens.duckdb))} | |`);
  if (!values.keep && !values.dir) fs.rmSync(dir, { recursive: true, force: true });
  else console.log(`kept ${dir}`);
}

runMain(main);
