// npm run bench:csv [-- --scale N --days N --profile DIR --now-heap MiB --modes before,days,facts] — the Revenue purchases CSV
// (issue #25 point 5), last `days` UTC days, no filter, no comparison: as the export route wrote it
// first (`before`: every record of the range loaded, then written), then from the sealed days one
// at a time as the download pulls (`days`), and now from the purchases fact table's cursor
// (`facts`: the store in its worker thread, as the app runs it). The mirror is filled without a sync (scripts/bench/fill-mirror.ts: the sandbox's generator,
// the large creator account, its fixed now, stored through MirrorDayCache.set); each way then
// runs in its own process on that file, so each peak RSS (the kernel's high-water mark) is its own
// (--profile writes each one's CPU profile there).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { ReportParams } from "@/lib/report-params/definitions";
import { csvStream } from "@/lib/csv/stream";
import { columnsInZone } from "@/lib/csv/zoned-time";
import type { CsvFile } from "@/lib/reports/server/csv-datasets";
import { revenueDatasets } from "@/lib/reports/server/revenue-csv";
import { loadRevenueExport } from "@/lib/reports/server/revenue-export";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";
import { revenueViewFrom } from "@/lib/reports/server/revenue-report";
import { revenueSummariesFrom } from "@/lib/reports/server/revenue-summaries";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { BENCH_TODAY, fillTempMirror, isoOfDay, loadAverage as load, NO_FILTERS, openBenchMirror, seconds as s } from "./bench/fill-mirror";
import { runMain } from "./bench/run-main";

const { values } = parseArgs({ options: { scale: { type: "string", default: "5" }, days: { type: "string", default: "365" }, mode: { type: "string" }, file: { type: "string" }, profile: { type: "string" }, "now-heap": { type: "string" }, modes: { type: "string", default: "before,days,facts" } } });
type Mode = "before" | "days" | "facts";
const SCALE = Number(values.scale);
const DAYS = Number(values.days);
const SECRET = "bench-purchases-csv-secret-0123456789abcdef";
const mib = (bytes: number) => (bytes / 1_048_576).toFixed(0);
/** The kernel's high-water mark of this process's RSS (Linux). */
const peakRss = () => Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) * 1024;

function open(file: string, mode: Mode) {
  const mirror = new SqliteMirrorStore(file);
  const facts: PurchaseFactStore = mode === "facts" ? openWorkerPurchaseFactStore(file) : new SqlitePurchaseFactStore(file);
  const { client } = openBenchMirror({ store: mirror, serverSecret: SECRET, facts });
  return { mirror, facts, client };
}

function params(): ReportParams {
  return { from: isoOfDay(BENCH_TODAY - DAYS + 1), to: isoOfDay(BENCH_TODAY), preset: null, compare: "none", dating: "sale", granularity: "month", tz: "UTC", currency: null, filters: NO_FILTERS };
}

/** One way of writing the file, in this process: time to the first byte, to the last, rows, bytes, peak RSS. */
async function measure(mode: Mode, file: string): Promise<void> {
  const { mirror, facts, client } = open(file, mode);
  let sampled = 0;
  // The peak once the first byte is out: what writing the rows holds, the load before it aside.
  let writing = 0;
  const sampler = setInterval(() => {
    const rss = process.memoryUsage().rss;
    sampled = Math.max(sampled, rss);
    if (bytes) writing = Math.max(writing, rss);
  }, 50);
  const p = params();
  let bytes = 0;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  // The body exportResponse sends (report-export.ts imports the route helpers, which need Next).
  let set: CsvFile;
  if (mode === "before") {
    const records = await loadRevenueRecords(client, p);
    const view = revenueViewFrom(revenueSummariesFrom(records), "creator", p);
    set = revenueDatasets(view, records.current, "creator").get("purchases")!;
  } else {
    // `days`: the export without the fact table's cursor (the rows from the sealed days; the figures from the day summaries either way).
    const withFacts = mode === "facts" ? { facts } : {};
    set = (await loadRevenueExport(client, "creator", p, withFacts)).datasets.get("purchases")!;
  }
  const reader = csvStream(columnsInZone(set.columns, p.tz), set.rows).getReader();
  const hash = createHash("sha256");
  let firstByteMs = 0;
  let rows = -1; // the header
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!bytes) firstByteMs = performance.now() - started;
    bytes += value.length;
    hash.update(value);
    for (let i = 0; i < value.length; i++) if (value[i] === 10) rows++;
  }
  const ms = performance.now() - started;
  // CPU time of the process (every thread), which a machine shared with other work slows less than the clock.
  const cpu = process.cpuUsage(cpuStarted);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  clearInterval(sampler);
  sampled = Math.max(sampled, process.memoryUsage().rss);
  console.log(JSON.stringify({ mode, firstByteMs, ms, rows, bytes, rowsPerSecond: Math.round(rows / (ms / 1000)), writingRowsPerSecond: Math.round(rows / ((ms - firstByteMs) / 1000)), cpuMs, rowsPerCpuSecond: Math.round(rows / (cpuMs / 1000)), sampledPeak: sampled, writingPeak: Math.max(writing, process.memoryUsage().rss), kernelPeak: peakRss(), sha256: hash.digest("hex") }));
  await mirror.close();
  await facts.close();
}

async function child(mode: string, file: string): Promise<Record<string, number | string>> {
  const script = path.resolve(import.meta.dirname, "bench-purchases-csv.ts");
  const profile = values.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(values.profile)}`] : [];
  // --now-heap MiB: the new way under a V8 old-space cap, which a file held whole would exceed.
  const heap = mode !== "before" && values["now-heap"] ? [`--max-old-space-size=${values["now-heap"]}`] : [];
  const proc = spawn(process.execPath, [...profile, ...heap, "--conditions=react-server", "--import", "tsx", script, "--mode", mode, "--file", file, "--days", String(DAYS)], { stdio: ["ignore", "pipe", "inherit"], env: process.env });
  let out = "";
  proc.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => proc.once("exit", resolve));
  if (code !== 0) throw new Error(`${mode} exited with ${code}`);
  return JSON.parse(out.trim().split("\n").at(-1)!) as Record<string, number | string>;
}

async function main(): Promise<void> {
  if (values.mode && values.file) return measure(values.mode as Mode, values.file);
  // One app secret for every process: the account's identity (the mirror's key) is derived from it.
  process.env.AUTH_SECRET = SECRET;
  const filled = await fillTempMirror({ name: "bench-csv", scale: SCALE, days: DAYS, resources: ["purchases"], serverSecret: SECRET, stores: (file) => ({ facts: new SqlitePurchaseFactStore(file) }) });
  const { dir, file } = filled;
  process.env.SALESDASH_DATA_DIR = dir;
  // Each way opens the file in its own process: this one lets go of it first.
  await filled.mirror.close();
  await filled.stores.facts.close();
  const results = [];
  const modes = String(values.modes).split(",");
  for (const mode of [...modes, ...modes]) {
    const before = load();
    const r = await child(mode, file);
    results.push(r);
    console.log(`${mode}: ${r.rows} rows, ${mib(Number(r.bytes))} MiB in ${s(Number(r.ms))} s (first byte ${s(Number(r.firstByteMs))} s), ${r.rowsPerSecond} rows/s (${r.writingRowsPerSecond} after the first byte; CPU ${s(Number(r.cpuMs))} s, ${r.rowsPerCpuSecond} rows per CPU second), peak RSS ${mib(Number(r.kernelPeak))} MiB (sampled ${mib(Number(r.sampledPeak))}, while writing ${mib(Number(r.writingPeak))}), load ${before} -> ${load()}`);
  }
  // The digest itself too, so that a change to the writers can be checked against the run before it.
  console.log(`the same bytes every run: ${new Set(results.map((r) => r.sha256)).size === 1 ? "yes" : "NO"} (sha256 ${String(results[0]?.sha256)})`);
  fs.rmSync(dir, { recursive: true, force: true });
}

runMain(main);
