// npm run bench:csv [-- --scale N --days N --profile DIR --now-heap MiB] — the Revenue purchases CSV (issue #25 point 5), last
// `days` UTC days, no filter, no comparison: as the export route wrote it before (every record of
// the range loaded, then written) and now (read from the mirror a day at a time as the download
// pulls). The mirror is filled without a sync, as bench:facts fills it (the sandbox's generator,
// the large creator account, its fixed now, stored through MirrorDayCache.set); each way then
// runs in its own process on that file, so each peak RSS (the kernel's high-water mark) is its own
// (--profile writes each one's CPU profile there).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DAY_DIGESTERS } from "@/lib/mirror/day-digesters";
import { DEFAULT_FRESHNESS } from "@/lib/mirror/freshness-policy";
import { deriveMirrorKey } from "@/lib/mirror/mirror-cipher";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import { MirrorDayCache } from "@/lib/mirror/mirror-day-cache";
import { purchaseFactTable } from "@/lib/mirror/fact-tables";
import { FILTER_KEYS, type FilterKey, type ReportParams } from "@/lib/report-params/definitions";
import { csvStream } from "@/lib/csv/stream";
import { columnsInZone } from "@/lib/csv/zoned-time";
import type { CsvFile } from "@/lib/reports/server/csv-datasets";
import { revenueDatasets } from "@/lib/reports/server/revenue-csv";
import { loadRevenueExport } from "@/lib/reports/server/revenue-export";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";
import { revenueViewFrom } from "@/lib/reports/server/revenue-report";
import { revenueSummariesFrom } from "@/lib/reports/server/revenue-summaries";
import { credentialFrom, type SalesApiClient } from "@/lib/sales-api";
import { dayKey } from "@/lib/sales-api/day-cache";
import { purchaseSchema } from "@/lib/sales-api/schemas/purchase";
import { createTransport } from "@/lib/sales-api/transport";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { makeAccounts } from "../sandbox/accounts";
import { Dataset } from "../sandbox/data/dataset";
import { dayOf } from "../sandbox/data/time";

const { values } = parseArgs({ options: { scale: { type: "string", default: "5" }, days: { type: "string", default: "365" }, mode: { type: "string" }, file: { type: "string" }, profile: { type: "string" }, "now-heap": { type: "string" } } });
const SCALE = Number(values.scale);
const DAYS = Number(values.days);
const NOW = Date.parse("2026-06-15T12:00:00Z");
const SECRET = "bench-purchases-csv-secret-0123456789abcdef";
const accounts = makeAccounts("salesdash");
const credential = credentialFrom({ apiKey: accounts.creator.apiKey });
const s = (ms: number) => (ms / 1000).toFixed(2);
const load = () => os.loadavg().map((n) => n.toFixed(1)).join(" ");
const mib = (bytes: number) => (bytes / 1_048_576).toFixed(0);
/** The kernel's high-water mark of this process's RSS (Linux). */
const peakRss = () => Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) * 1024;

function open(file: string) {
  const mirror = new SqliteMirrorStore(file);
  const facts = new SqlitePurchaseFactStore(file);
  const clock = () => NOW;
  const client: SalesApiClient = createMirroredClient({
    credential,
    target: "production",
    transport: createTransport({ baseUrl: "https://127.0.0.1:9", timeoutMs: 1000 }),
    clock,
    mirror: { store: mirror, facts, clock, serverSecret: SECRET },
  });
  return { mirror, facts, client };
}

function params(): ReportParams {
  const today = dayOf(NOW);
  const day = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
  return {
    from: day(today - DAYS + 1), to: day(today), preset: null, compare: "none", dating: "sale", granularity: "month", tz: "UTC", currency: null,
    filters: Object.fromEntries(FILTER_KEYS.map((k) => [k, []])) as unknown as Record<FilterKey, string[]>,
  };
}

/** One way of writing the file, in this process: time to the first byte, to the last, rows, bytes, peak RSS. */
async function measure(mode: "before" | "now", file: string): Promise<void> {
  const { mirror, facts, client } = open(file);
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
    set = (await loadRevenueExport(client, "creator", p, { facts })).datasets.get("purchases")!;
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
  console.log(JSON.stringify({ mode, firstByteMs, ms, rows, bytes, rowsPerSecond: Math.round(rows / (ms / 1000)), cpuMs, rowsPerCpuSecond: Math.round(rows / (cpuMs / 1000)), sampledPeak: sampled, writingPeak: Math.max(writing, process.memoryUsage().rss), kernelPeak: peakRss(), sha256: hash.digest("hex") }));
  await mirror.close();
  await facts.close();
}

async function child(mode: string, file: string): Promise<Record<string, number | string>> {
  const script = path.resolve(import.meta.dirname, "bench-purchases-csv.ts");
  const profile = values.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(values.profile)}`] : [];
  // --now-heap MiB: the new way under a V8 old-space cap, which a file held whole would exceed.
  const heap = mode === "now" && values["now-heap"] ? [`--max-old-space-size=${values["now-heap"]}`] : [];
  const proc = spawn(process.execPath, [...profile, ...heap, "--conditions=react-server", "--import", "tsx", script, "--mode", mode, "--file", file, "--days", String(DAYS)], { stdio: ["ignore", "pipe", "inherit"], env: process.env });
  let out = "";
  proc.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => proc.once("exit", resolve));
  if (code !== 0) throw new Error(`${mode} exited with ${code}`);
  return JSON.parse(out.trim().split("\n").at(-1)!) as Record<string, number | string>;
}

async function main(): Promise<void> {
  if (values.mode && values.file) return measure(values.mode as "before" | "now", values.file);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-bench-csv-"));
  // One app secret for every process: the account's identity (the mirror's key) is derived from it.
  Object.assign(process.env, { AUTH_SECRET: SECRET, SALESDASH_DATA_DIR: dir });
  const file = path.join(dir, "mirror.sqlite");
  const { mirror, facts, client } = open(file);
  const cache = new MirrorDayCache(mirror, client.identity, deriveMirrorKey(SECRET, credential), DEFAULT_FRESHNESS, () => NOW, undefined, DAY_DIGESTERS, { purchases: purchaseFactTable(facts) });
  console.log(`filling ${DAYS} days at scale ${SCALE} (load ${load()})`);
  const dataset = new Dataset("salesdash", SCALE);
  const today = dayOf(NOW);
  let purchases = 0;
  for (let d = today; d > today - DAYS; d--) {
    const records = dataset.dayRecords(accounts.creator.scope, "purchases", d, NOW).flatMap((r) => {
      const parsed = purchaseSchema.safeParse(r);
      return parsed.success ? [parsed.data] : [];
    });
    purchases += records.length;
    await cache.set(dayKey(client.identity, "purchases", new Date(d * 86_400_000).toISOString().slice(0, 10)), { records, complete: true, fetchedAt: NOW });
  }
  await mirror.close();
  await facts.close();
  console.log(`filled ${purchases} purchases; file ${mib(fs.statSync(file).size)} MiB`);
  const results = [];
  for (const mode of ["before", "now", "before", "now"]) {
    const before = load();
    const r = await child(mode, file);
    results.push(r);
    console.log(`${mode}: ${r.rows} rows, ${mib(Number(r.bytes))} MiB in ${s(Number(r.ms))} s (first byte ${s(Number(r.firstByteMs))} s), ${r.rowsPerSecond} rows/s (CPU ${s(Number(r.cpuMs))} s, ${r.rowsPerCpuSecond} rows per CPU second), peak RSS ${mib(Number(r.kernelPeak))} MiB (sampled ${mib(Number(r.sampledPeak))}, while writing ${mib(Number(r.writingPeak))}), load ${before} -> ${load()}`);
  }
  // The digest itself too, so that a change to the writers can be checked against the run before it.
  console.log(`the same bytes every run: ${new Set(results.map((r) => r.sha256)).size === 1 ? "yes" : "NO"} (sha256 ${String(results[0]?.sha256)})`);
  fs.rmSync(dir, { recursive: true, force: true });
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
