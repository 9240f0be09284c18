// npm run bench:reports [-- --scale N --data-dir DIR --keep --backend both|sqlite|postgres|duckdb --only ID,ID --identity] —
// issue #25's "What it must show": every report over the last two years with its comparison,
// timed through the real app. The sandbox (its fixed now, --scale N) gives the data; the mirror
// of each back-end (the embedded default, the SQLite mirror with its fact tables in DuckDB, and
// PostgreSQL in a schema of the bench's own at SALESDASH_BENCH_DATABASE_URL; with --backend sqlite,
// the fact tables in the mirror's file, SALESDASH_FACT_ENGINE=sqlite) is filled as the sync stores days (scripts/bench/fill-mirror.ts);
// a production server (`next build` output, `next start` in a process group of its own, as the
// instance tests start it) is signed in as the creator through next-auth's credentials endpoint,
// and each GET is timed to the end of its body, on the first visit after a restart of the server
// and on the second visit. Then four two-year ZIP exports and four payout calendars run at once
// while /sign-in and a 7-day Revenue are sampled. It prints a markdown table and ends with
// `slowest report at scale N: S s`. `--load-only` runs the load phase alone (on a kept fill, say);
// `--server-node-options` gives the server NODE_OPTIONS (`--require` of a profiler, say); `--identity`
// asks for each body uncompressed (Accept-Encoding: identity), where fetch asks for gzip as a browser does.
// `--settle-ms N` waits N ms after each restart before the first visit (by default none: the first
// visit follows the server's first answer, as the issue times it).
// `--only` times the rows named (visit ids: overview, revenue,
// refunds-sale, ...) and skips the load phase; its last line then says it is of those rows only.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Pool } from "pg";
import { dimensionKeys } from "@/lib/analytics/dimensions";
import { comparisonRange } from "@/lib/analytics/compare";
import { HISTORY_DAYS } from "@/lib/reports/payouts-month";
import { overviewMinute } from "@/lib/reports/overview-windows";
import { reportQuery } from "@/lib/report-params/parse";
import { presetRange } from "@/lib/report-params/presets";
import { purchaseSchema, type Purchase } from "@/lib/records/purchase";
import { Dataset } from "../sandbox/data/dataset";
import { ensureProductionBuild } from "../tests/instances/support/production-build";
import { processGroupOf, startDashboardProcess, type DashboardProcess } from "../tests/instances/support/dashboard-process";
import { startSandboxProcess, type RunningSandbox } from "../tests/support/sandbox-process";
import { BENCH_NOW, BENCH_TODAY, benchAccounts, FILL_JOB_ENV, type FillJob, isoOfDay, loadAverage, NO_FILTERS, seconds } from "./bench/fill-mirror";
import { runMain } from "./bench/run-main";

const ROOT = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "20" },
    "data-dir": { type: "string" },
    keep: { type: "boolean", default: false },
    backend: { type: "string", default: "both" },
    "sandbox-port": { type: "string", default: "9513" },
    "dashboard-port": { type: "string", default: "3513" },
    only: { type: "string" },
    "load-only": { type: "boolean", default: false },
    "server-node-options": { type: "string" },
    identity: { type: "boolean", default: false },
    "settle-ms": { type: "string", default: "0" },
  },
});
// --load-only: no visits, only the load phase (what point 8 of the issue measures), on a kept fill.
const LOAD_ONLY = values["load-only"];
const ONLY = values.only ? new Set(values.only.split(",")) : null;
const SCALE = Number(values.scale);
const SETTLE_MS = Number(values["settle-ms"]);
const PORT = Number(values["dashboard-port"]);
const BACKEND_NAMES = ["sqlite", "postgres", "duckdb"] as const;
type Backend = (typeof BACKEND_NAMES)[number];
if (values.backend !== "both" && !BACKEND_NAMES.includes(values.backend as Backend)) throw new Error(`--backend: both, ${BACKEND_NAMES.join(", ")}, not ${values.backend}`);
// "both": the two the issue compares, the embedded default (DuckDB's fact tables) and PostgreSQL; sqlite is asked for by name.
const BACKENDS: readonly Backend[] = values.backend === "both" ? ["duckdb", "postgres"] : [values.backend as Backend];
// The mirror's key and the account's identity derive from it: a kept data dir is read with the same one.
const SECRET = "bench-reports-secret-0123456789abcdef0123456789abcdef";
// Days filled at the start stay fresh for a week on the server's own clock (their age puts them
// in the default policy's last tier): a kept fill older than this is filled again.
const FILL_KEEP_MS = 6 * 86_400_000;
const RESOURCES = ["purchases", "orders", "abandoned-carts", "refunds", "chargebacks"] as const;
const SAMPLES = 25;

interface Visit { id: string; label: string; path: string; kind: "stream" | "json" | "csv" }
interface Timing { ms: number; bytes: number; rows: number; ok: boolean; note: string }
/** `peakKiB`: the server's peak RSS over the two visits, from its restart (each visit has its own server). */
interface VisitResult { visit: Visit; first: Timing; second: Timing; peakKiB: number }
interface LoadResult { signIn: number[]; revenue7: number[]; heavyDone: number; heavyFailed: number; minInFlight: number; failedSamples: string[] }
interface BackendResult { backend: Backend; fill: string; visits: VisitResult[]; peakRssKiB: number; loadPeakKiB: number; upstream: number; load: LoadResult }

const progress = (line: string) => process.stderr.write(`  ${line}\n`);

/** The Revenue filters the bench asks for: the sandbox's most sold product, its most used method, the busiest affiliate (last 30 days). */
function filterValues(): { product: string; method: string; affiliate: string } {
  const dataset = new Dataset("salesdash", SCALE);
  const purchases: Purchase[] = [];
  for (let d = BENCH_TODAY - 29; d <= BENCH_TODAY; d++) {
    for (const r of dataset.dayRecords(benchAccounts.creator.scope, "purchases", d, BENCH_NOW)) {
      const parsed = purchaseSchema.safeParse(r);
      if (parsed.success) purchases.push(parsed.data);
    }
  }
  const top = (items: readonly Purchase[], key: (p: Purchase) => string) => {
    const counts = new Map<string, number>();
    for (const p of items) counts.set(key(p), (counts.get(key(p)) ?? 0) + 1);
    return [...counts].filter(([k]) => k !== "none").sort((a, b) => b[1] - a[1])[0]?.[0] ?? "none";
  };
  const product = top(purchases, dimensionKeys.product);
  return { product, method: top(purchases.filter((p) => dimensionKeys.product(p) === product), dimensionKeys.paymentMethod), affiliate: top(purchases, dimensionKeys.affiliate) };
}

function visits(): Visit[] {
  const range = presetRange("last_two_years", "UTC", new Date(BENCH_NOW));
  // No preset in the URL: the server's clock is not the sandbox's, the range is the sandbox's two years.
  const q = (filters: Partial<typeof NO_FILTERS> = {}, extra = "") =>
    `${reportQuery({ ...range, preset: null, compare: "previous", dating: "sale", granularity: "month", tz: "UTC", currency: null, filters: { ...NO_FILTERS, ...filters } })}${extra}`;
  const now = `now=${encodeURIComponent(overviewMinute(new Date(BENCH_NOW)))}&tz=UTC`;
  const f = filterValues();
  return [
    { id: "overview", label: "Overview", path: `/api/reports/overview?${now}`, kind: "stream" },
    { id: "revenue", label: "Revenue, no filter", path: `/api/reports/revenue?${q()}`, kind: "stream" },
    { id: "revenue-product", label: `Revenue, product "${f.product}"`, path: `/api/reports/revenue?${q({ product: [f.product] })}`, kind: "stream" },
    { id: "revenue-product-method", label: `Revenue, product + method "${f.method}"`, path: `/api/reports/revenue?${q({ product: [f.product], method: [f.method] })}`, kind: "stream" },
    { id: "revenue-affiliate", label: `Revenue, affiliate "${f.affiliate}"`, path: `/api/reports/revenue?${q({ affiliate: [f.affiliate] })}`, kind: "stream" },
    { id: "orders", label: "Orders", path: `/api/reports/orders?${q()}`, kind: "stream" },
    { id: "abandonment", label: "Abandonment", path: `/api/reports/abandonment?${q()}`, kind: "stream" },
    { id: "refunds-sale", label: "Refunds, dated by sale", path: `/api/reports/refunds?${q()}`, kind: "stream" },
    { id: "refunds-event", label: "Refunds, dated by request", path: `/api/reports/refunds?${q({}, "&dating=event")}`, kind: "stream" },
    { id: "affiliates", label: "Affiliates", path: `/api/reports/affiliates?${q()}`, kind: "stream" },
    { id: "payouts", label: "Payout calendar, current month", path: `/api/reports/payouts?${now}`, kind: "stream" },
    { id: "table-1", label: "purchases table, page 1", path: `/api/reports/revenue/rows/purchases?${q({}, "&page=1")}`, kind: "json" },
    { id: "table-500", label: "purchases table, page 500", path: `/api/reports/revenue/rows/purchases?${q({}, "&page=500")}`, kind: "json" },
    { id: "table-amount", label: "purchases table, by amount", path: `/api/reports/revenue/rows/purchases?${q({}, "&sort=amount")}`, kind: "json" },
    { id: "csv", label: "purchases CSV", path: `/api/export/revenue/purchases?${q()}`, kind: "csv" },
  ];
}

/** A session of the creator: next-auth's credentials endpoint, as the sign-in form's signIn() posts it. */
async function signIn(base: string, apiKey: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrf = await fetch(`${base}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const form = new URLSearchParams({ csrfToken, apiKey, clientId: "", name: "", target: "production", callbackUrl: `${base}/revenue`, json: "true" });
  const answer = await fetch(`${base}/api/auth/callback/sales-api`, { method: "POST", body: form, headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" }, redirect: "manual" });
  keep(answer);
  const session = (await (await fetch(`${base}/api/auth/session`, { headers: { cookie: cookie() } })).json()) as { account?: { keyType?: string } };
  if (session.account?.keyType !== "creator") throw new Error(`sign-in failed (${answer.status}): no creator session`);
  return cookie();
}

/** One GET read to the end of its body; a stream is good when it ends with its result, a file or page when 200. */
async function timeGet(base: string, visit: Pick<Visit, "path" | "kind">, cookie?: string, signal?: AbortSignal): Promise<Timing> {
  const started = performance.now();
  // fetch asks for gzip as a browser does, and `next start` compresses what it sends; --identity asks for the body as it is.
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (values.identity) headers["accept-encoding"] = "identity";
  const res = await fetch(`${base}${visit.path}`, { headers, redirect: "manual", signal });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  let rows = 0;
  let ok = res.status === 200;
  let note = ok ? "" : `HTTP ${res.status}`;
  if (visit.kind === "csv") {
    // Records, not lines: a quoted cell could hold a line break, but the purchases file's do not.
    for (const byte of body) if (byte === 10) rows++;
    rows = Math.max(0, rows - 1);
  } else if (visit.kind === "stream" && ok) {
    const last = JSON.parse(body.toString("utf8").trim().split("\n").at(-1) ?? "{}") as { type?: string; error?: { title?: string } };
    ok = last.type === "result";
    if (!ok) note = `ended with ${last.type ?? "nothing"}${last.error?.title ? `: ${last.error.title}` : ""}`;
  }
  return { ms, bytes: body.length, rows, ok, note };
}

/** The largest VmHWM (KiB) among the processes of the server's group: next-server holds the app. */
function groupPeakKiB(server: DashboardProcess): number {
  let peak = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || processGroupOf(Number(entry)) !== server.pgid) continue;
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${entry}/status`, "utf8"));
    peak = Math.max(peak, Number(match?.[1] ?? 0));
  }
  return peak;
}

const mib = (kib: number) => (kib / 1024).toFixed(0);

const p95 = (samples: readonly number[]) => [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.95) - 1] ?? Number.NaN;

/** Four two-year ZIP exports and four payout calendars kept running while /sign-in and a 7-day Revenue are sampled in turn. */
async function loadPhase(base: string, cookie: string, all: readonly Visit[]): Promise<LoadResult> {
  const twoYears = all.find((v) => v.id === "revenue")!.path.split("?")[1];
  const heavy: Array<Pick<Visit, "path" | "kind">> = [
    ...Array.from({ length: 4 }, () => ({ path: `/api/export/revenue/all?${twoYears}`, kind: "csv" as const })),
    ...Array.from({ length: 4 }, () => ({ path: all.find((v) => v.id === "payouts")!.path, kind: "stream" as const })),
  ];
  const week = { path: `/api/reports/revenue?from=${isoOfDay(BENCH_TODAY - 6)}&to=${isoOfDay(BENCH_TODAY)}`, kind: "stream" as const };
  // The server is new (its own peak RSS): the two sampled routes are visited once first, untimed,
  // so that the samples measure the load and not the first render's loading of their code.
  await timeGet(base, { path: "/sign-in", kind: "json" });
  await timeGet(base, week, cookie);
  const stop = new AbortController();
  let inFlight = 0;
  let heavyDone = 0;
  let heavyFailed = 0;
  const runners = heavy.map(async (visit) => {
    while (!stop.signal.aborted) {
      inFlight++;
      try {
        const t = await timeGet(base, visit, cookie, stop.signal);
        if (t.ok) heavyDone++;
        else heavyFailed++;
      } catch {
        if (!stop.signal.aborted) heavyFailed++;
      } finally {
        inFlight--;
      }
    }
  });
  // Let the eight requests reach the server before the first sample.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const signIn: number[] = [];
  const revenue7: number[] = [];
  let minInFlight = heavy.length;
  const failedSamples: string[] = [];
  // A sample that fails (the server refusing or gone) is counted and said, not timed.
  const sample = async (name: string, visit: Pick<Visit, "path" | "kind">, into: number[], cookie?: string) => {
    try {
      // A kept-alive socket the server closed as it was picked is sent again once, on a new one.
      const t = await timeGet(base, visit, cookie).catch((error: unknown) => {
        const code = ((error as Error).cause as { code?: string } | undefined)?.code;
        if (code !== "ECONNRESET" && code !== "UND_ERR_SOCKET") throw error;
        return timeGet(base, visit, cookie);
      });
      if (t.ok || (visit.kind === "json" && t.note === "")) into.push(t.ms);
      else failedSamples.push(`${name}: ${t.note}`);
    } catch (error) {
      failedSamples.push(`${name}: ${error instanceof Error ? `${error.message} (${String((error.cause as Error | undefined)?.message ?? "")})` : String(error)}`);
    }
  };
  for (let i = 0; i < SAMPLES; i++) {
    minInFlight = Math.min(minInFlight, inFlight);
    await sample("/sign-in", { path: "/sign-in", kind: "json" }, signIn);
    await sample("7-day Revenue", week, revenue7, cookie);
  }
  stop.abort();
  await Promise.all(runners);
  return { signIn, revenue7, heavyDone, heavyFailed, minInFlight, failedSamples };
}

/** A schema of the bench's own on the PostgreSQL server, named in the URL's search_path. */
async function benchSchema(name: string | undefined): Promise<{ url: string; name: string; database: string; drop(): Promise<void>; close(): Promise<void> }> {
  const base = process.env.SALESDASH_BENCH_DATABASE_URL ?? "postgres://postgres:postgres@127.0.0.1:5432/test";
  const schema = name ?? `salesdash_bench_reports_${randomBytes(6).toString("hex")}`;
  const admin = new Pool({ connectionString: base, max: 1 });
  await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: url.toString(),
    name: schema,
    // The server and database, without the user or password: the schema's name alone is the same in any database.
    database: `${url.host}${url.pathname}`,
    async drop() {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    },
    close: () => admin.end(),
  };
}

interface FillMark { scale: number; firstDay: number; lastDay: number; filledAt: number; baseUrl: string; counts: Record<string, number>; schema?: string; database?: string }

/** Fills the back-end's mirror in a child process with the dashboard's environment, unless a recent fill of the same days is there. */
async function ensureFilled(dir: string, env: Record<string, string>, mark: Omit<FillMark, "filledAt" | "counts">): Promise<string> {
  const file = path.join(dir, "bench-fill.json");
  const held = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as FillMark) : undefined;
  if (held && held.scale === mark.scale && held.firstDay === mark.firstDay && held.lastDay === mark.lastDay && held.baseUrl === mark.baseUrl && held.schema === mark.schema && held.database === mark.database && Date.now() - held.filledAt < FILL_KEEP_MS) {
    return `kept from ${new Date(held.filledAt).toISOString()}: ${JSON.stringify(held.counts)}`;
  }
  const job: FillJob = { scale: mark.scale, resources: RESOURCES, firstDay: mark.firstDay, lastDay: mark.lastDay, fetchedAt: Date.now() };
  const started = performance.now();
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/bench/fill-app-mirror.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", ...env, [FILL_JOB_ENV]: JSON.stringify(job) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`the fill exited with ${code}`);
  const counts = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as Record<string, number>;
  fs.writeFileSync(file, JSON.stringify({ ...mark, filledAt: job.fetchedAt ?? Date.now(), counts } satisfies FillMark));
  return `filled in ${seconds(performance.now() - started)} s: ${JSON.stringify(counts)}`;
}

async function runBackend(backend: Backend, sandbox: RunningSandbox, dataRoot: string, all: readonly Visit[]): Promise<BackendResult> {
  const dir = path.join(dataRoot, backend);
  fs.mkdirSync(dir, { recursive: true });
  const base = `http://127.0.0.1:${PORT}`;
  const schemaFile = path.join(dir, "bench-schema.txt");
  const schema = backend === "postgres" ? await benchSchema(fs.existsSync(schemaFile) ? fs.readFileSync(schemaFile, "utf8").trim() : undefined) : undefined;
  if (schema) fs.writeFileSync(schemaFile, schema.name);
  const env: Record<string, string> = {
    SALES_API_BASE_URL: sandbox.creds.baseUrl,
    SALES_API_CA_FILE: sandbox.creds.caFile,
    AUTH_SECRET: SECRET,
    NEXTAUTH_URL: base,
    SALESDASH_DATA_DIR: dir,
    // No background sync: the mirror is filled, and a sync would share the machine with the visits.
    SALESDASH_SYNC_DAYS: "0",
    NEXT_TELEMETRY_DISABLED: "1",
    // SALESDASH_WORKER_NICE set for the bench is the server's too (the worker threads' priority, to compare).
    ...(process.env.SALESDASH_WORKER_NICE && { SALESDASH_WORKER_NICE: process.env.SALESDASH_WORKER_NICE }),
    ...(schema && { SALESDASH_DATABASE_URL: schema.url }),
    // --server-node-options="--require FILE": a preload into the server (a CPU profiler: Node refuses --cpu-prof in NODE_OPTIONS).
    ...(values["server-node-options"] && { NODE_OPTIONS: values["server-node-options"] }),
    // The fill (fill-app-mirror.ts, the app's own stores) and the server both read it: the fact
    // tables in facts.duckdb (the default) or in mirror.sqlite.
    ...(backend !== "postgres" && { SALESDASH_FACT_ENGINE: backend }),
  };
  try {
    // The two years and the two before them (the comparison), the payout history, and the rest of next month (empty days, as the sandbox answers them).
    const range = presetRange("last_two_years", "UTC", new Date(BENCH_NOW));
    const compared = comparisonRange({ from: range.from, to: range.to }, "previous");
    const firstDay = Math.min(Date.parse(`${compared.from}T00:00:00Z`) / 86_400_000, BENCH_TODAY - HISTORY_DAYS) - 2;
    const lastDay = BENCH_TODAY + 47;
    progress(`${backend}: fill days ${isoOfDay(firstDay)} .. ${isoOfDay(lastDay)} at scale ${SCALE} (load ${loadAverage()})`);
    const fill = await ensureFilled(dir, env, { scale: SCALE, firstDay, lastDay, baseUrl: sandbox.creds.baseUrl, schema: schema?.name, database: schema?.database });
    progress(`${backend}: ${fill}`);
    let server = await startDashboardProcess(`bench-reports-${backend}`, PORT, env, path.join(dataRoot, "logs"));
    let peakRssKiB = 0;
    // How long each restart took to its first answer (the server answers once its worker threads are ready: instrumentation.ts).
    let startedMs = 0;
    const restart = async () => {
      peakRssKiB = Math.max(peakRssKiB, groupPeakKiB(server));
      await server.stop();
      const started = performance.now();
      server = await startDashboardProcess(`bench-reports-${backend}`, PORT, env, path.join(dataRoot, "logs"));
      startedMs = performance.now() - started;
    };
    try {
      const cookie = await signIn(base, sandbox.creds.creator.apiKey);
      const before = (await sandbox.stats())["creator"]?.requests ?? 0;
      const results: VisitResult[] = [];
      for (const visit of all.filter((v) => !LOAD_ONLY && (!ONLY || ONLY.has(v.id)))) {
        await restart();
        // --settle-ms: the first visit that long after the server answers (what its start costs the first visit, measured apart).
        if (SETTLE_MS > 0) await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const first = await timeGet(base, visit, cookie);
        const second = await timeGet(base, visit, cookie);
        const peakKiB = groupPeakKiB(server);
        progress(`${backend}: ${visit.label}: ${seconds(first.ms)} s / ${seconds(second.ms)} s, peak RSS ${mib(peakKiB)} MiB, answered ${seconds(startedMs)} s after its restart${first.ok && second.ok ? "" : ` FAILED ${first.note} ${second.note}`} (load ${loadAverage()})`);
        results.push({ visit, first, second, peakKiB });
      }
      const upstream = ((await sandbox.stats())["creator"]?.requests ?? 0) - before;
      const skipped: LoadResult = { signIn: [], revenue7: [], heavyDone: 0, heavyFailed: 0, minInFlight: 0, failedSamples: [] };
      if (!ONLY) progress(`${backend}: load phase (load ${loadAverage()})`);
      // The load phase on a server of its own, so that its peak RSS is its own.
      if (!ONLY) await restart();
      const load = ONLY ? skipped : await loadPhase(base, cookie, all);
      const loadPeakKiB = groupPeakKiB(server);
      peakRssKiB = Math.max(peakRssKiB, loadPeakKiB);
      return { backend, fill, visits: results, peakRssKiB, loadPeakKiB, upstream, load };
    } finally {
      await server.stop();
    }
  } finally {
    if (schema && !values.keep) {
      await schema.drop();
      fs.rmSync(schemaFile, { force: true });
      fs.rmSync(path.join(dir, "bench-fill.json"), { force: true });
    } else if (schema) {
      await schema.close();
    }
  }
}

function table(results: readonly BackendResult[], all: readonly Visit[]): string[] {
  const cell = (t: Timing) => `${seconds(t.ms)}${t.ok ? "" : " (failed)"}`;
  const lines = [
    `| request | ${results.map((r) => `${r.backend}: first after restart / second (s) | peak RSS (MiB)`).join(" | ")} |`,
    `|---|${results.map(() => "---:|---:").join("|")}|`,
  ];
  for (const visit of all.filter((v) => results.every((r) => r.visits.some((x) => x.visit.id === v.id)))) {
    lines.push(`| ${visit.label} | ${results.map((r) => { const v = r.visits.find((x) => x.visit.id === visit.id)!; return `${cell(v.first)} / ${cell(v.second)} | ${mib(v.peakKiB)}`; }).join(" | ")} |`);
  }
  const csvRate = (r: BackendResult) => {
    const v = r.visits.find((x) => x.visit.id === "csv")!;
    return `${v.first.rows} rows, ${(v.first.bytes / 1_048_576).toFixed(1)} MiB; ${Math.round(v.first.rows / (v.first.ms / 1000))} / ${Math.round(v.second.rows / (v.second.ms / 1000))} rows/s`;
  };
  if (results.every((r) => r.visits.some((x) => x.visit.id === "csv"))) lines.push(`| purchases CSV rate (first / second) | ${results.map((r) => `${csvRate(r)} |`).join(" | ")} |`);
  lines.push(`| peak RSS of the server (VmHWM, MiB) | ${results.map((r) => `${mib(r.peakRssKiB)} |`).join(" | ")} |`);
  lines.push(`| upstream requests during the visits | ${results.map((r) => `${r.upstream} |`).join(" | ")} |`);
  if (ONLY) return lines;
  lines.push(`| under load: /sign-in p95 (s, of the samples answered) | ${results.map((r) => `${seconds(p95(r.load.signIn))} (${r.load.signIn.length} of ${SAMPLES}) |`).join(" | ")} |`);
  lines.push(`| under load: 7-day Revenue p95 (s, of the samples answered) | ${results.map((r) => `${seconds(p95(r.load.revenue7))} (${r.load.revenue7.length} of ${SAMPLES}) |`).join(" | ")} |`);
  lines.push(`| under load: heavy requests done / failed, fewest in flight at a sample | ${results.map((r) => `${r.load.heavyDone} / ${r.load.heavyFailed}, ${r.load.minInFlight} |`).join(" | ")} |`);
  lines.push(`| under load: peak RSS of that server (MiB) | ${results.map((r) => `${mib(r.loadPeakKiB)} |`).join(" | ")} |`);
  return lines;
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadStart = loadAverage();
  const dataRoot = values["data-dir"] ? path.resolve(values["data-dir"]) : fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-bench-reports-"));
  fs.mkdirSync(dataRoot, { recursive: true });
  ensureProductionBuild();
  const sandbox = await startSandboxProcess(["--port", values["sandbox-port"] ?? "9513", "--scale", String(SCALE), "--now", new Date(BENCH_NOW).toISOString()]);
  const results: BackendResult[] = [];
  try {
    const all = visits();
    for (const backend of BACKENDS) {
      results.push(await runBackend(backend, sandbox, dataRoot, all));
      // What is measured so far, should a later back-end fail.
      progress(table(results.slice(-1), all).join("\n  "));
    }
    const cpus = os.cpus();
    const lines = [
      `## bench:reports — sandbox --scale ${SCALE}, last two years (${all[1]?.path.match(/from=([\d-]+)&to=([\d-]+)/)?.slice(1).join(" .. ")}) with the previous period, UTC`,
      "",
      `- machine: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, Node ${process.version}; load average ${loadStart} at the start, ${loadAverage()} at the end; whole run ${((performance.now() - started) / 60_000).toFixed(1)} min`,
      ...results.map((r) => `- ${r.backend} mirror: ${r.fill}`),
      "- server time: a production server (`next start`), signed in as the creator, each GET timed from the request to the end of its body; \"first\" is the first visit after a restart of the server",
      "",
      ...table(results, all),
      "",
    ];
    console.log(lines.join("\n"));
    const failed = results.flatMap((r) => r.visits.filter((v) => !v.first.ok || !v.second.ok).map((v) => `${r.backend} ${v.visit.label}`));
    if (failed.length) console.log(`failed: ${failed.join(", ")}`);
    // Each sample in the order taken: whether the slow ones are the load's start or spread over it.
    for (const r of results) if (r.load.signIn.length) console.log(`${r.backend}: under load, /sign-in in order (s): ${r.load.signIn.map(seconds).join(" ")}; 7-day Revenue: ${r.load.revenue7.map(seconds).join(" ")}`);
    for (const r of results) if (r.load.failedSamples.length) console.log(`${r.backend}: samples under load that failed: ${[...new Set(r.load.failedSamples)].join("; ")}`);
    const slowest = Math.max(...results.flatMap((r) => r.visits.filter((v) => v.visit.kind !== "csv").flatMap((v) => [v.first.ms, v.second.ms])));
    if (LOAD_ONLY) return console.log(`the load phase only, at scale ${SCALE}: no report was visited`);
    // The CSV is not a report of S: with --only csv there is none to name.
    if (!Number.isFinite(slowest)) return console.log(`no report but the CSV measured at scale ${SCALE}: no slowest report`);
    if (SETTLE_MS > 0) console.log(`(each first visit ${SETTLE_MS} ms after its restart: not the issue's first visit)`);
    console.log(ONLY ? `slowest of the rows measured (${[...ONLY].join(", ")}) at scale ${SCALE}: ${seconds(slowest)} s` : `slowest report at scale ${SCALE}: ${seconds(slowest)} s`);
  } finally {
    await sandbox.stop();
    if (!values.keep && !values["data-dir"]) fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

runMain(main);
