// Long tasks in the browser while each report loads a big view (issue #24, point 19): the
// target is every task under 200 ms. Results and how to read them: docs/benchmarks.md,
// "Long tasks in the browser when a big view arrives".
//
//   npm run bench:longtasks                          # starts a sandbox and `next start` on the existing build
//   npm run bench:longtasks -- --attach              # uses the e2e sandbox and dashboard already running
//   npm run bench:longtasks -- --pages revenue,orders --runs 3 --trace-dir .data/longtasks/traces
//   npm run bench:longtasks -- --analyse .data/longtasks/traces/revenue-1.json   # a saved trace again
//   npm run bench:longtasks -- --width 390 --screenshots .data/longtasks/shots     # a phone's width, pictures
//
// Without --attach it needs a production build (`npm run build`) and starts, in process groups
// of their own, the sandbox (scale 1, now 2026-06-15T12:00:00Z) and the dashboard on
// E2E_SANDBOX_PORT / E2E_DASHBOARD_PORT (the e2e suite's defaults otherwise), data in
// .data/longtasks, and stops both at the end. With --attach the e2e suite's servers
// (tests/e2e/support/sandbox.ts) and its credentials (.data/e2e/credentials.json) are used.
//
// Per page: the browser's clock is the sandbox's now; a PerformanceObserver of `longtask` entries
// (installed before any of the page's scripts with addInitScript) records every task of 50 ms or
// more from navigation until the report says "current" (data-state) and 2 s more (charts mount
// one per task after that). With --trace-dir a Chrome trace of each page is written, and every
// task over 200 ms is broken down: the trace events inside it and the functions the CPU profiler
// sampled in it (self time, and inclusive time of the app's own frames).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import { chooseChromium, SYSTEM_CHROMIUM_ARGS } from "./chromium-choice.mjs";
import { DASHBOARD_PORT, dashboardEnv, SANDBOX_PORT } from "../tests/e2e/support/sandbox";

const SANDBOX_NOW = "2026-06-15T12:00:00Z";
const FROM = "2024-06-16";
const TO = "2026-06-15";
const RANGE = `from=${FROM}&to=${TO}&tz=UTC`;
const LIMIT_MS = 200;

interface PageSpec { name: string; url: string; body: string }
const PAGES: PageSpec[] = [
  { name: "overview", url: "/overview?tz=UTC", body: "overview-body" },
  { name: "revenue", url: `/revenue?${RANGE}`, body: "report-body" },
  { name: "orders", url: `/orders?${RANGE}`, body: "report-body" },
  { name: "abandonment", url: `/abandonment?${RANGE}`, body: "report-body" },
  { name: "refunds", url: `/refunds?${RANGE}`, body: "report-body" },
  { name: "affiliates", url: `/affiliates?${RANGE}`, body: "report-body" },
  { name: "payouts", url: "/payouts?tz=UTC", body: "payouts-body" },
];

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
}
const attach = process.argv.includes("--attach");
const runs = Number(option("runs") ?? 1);
const traceDir = option("trace-dir");
const wanted = option("pages")?.split(",");
const pages = wanted ? PAGES.filter((p) => wanted.includes(p.name)) : PAGES;
const SETTLE_MS = 2_000;
const width = Number(option("width") ?? 1440);
const screenshots = option("screenshots");
const LOAD_TIMEOUT_MS = Number(option("timeout-s") ?? 300) * 1000;

// ---------------------------------------------------------------------------------------------
// Servers

const started: ChildProcess[] = [];

function startGroup(command: string, args: string[], env: Record<string, string | undefined>, log: string): ChildProcess {
  const out = fs.openSync(log, "w");
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", out, out], detached: true });
  started.push(child);
  return child;
}

function stopAll(): void {
  for (const child of started) {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
  }
}
process.on("SIGINT", () => {
  stopAll();
  process.exit(130);
});

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const answer = await fetch(url);
      if (answer.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

interface Servers { dashboardUrl: string; apiKey: string }

async function servers(): Promise<Servers> {
  if (attach) {
    const credentials = JSON.parse(fs.readFileSync(".data/e2e/credentials.json", "utf8")) as { creator: { apiKey: string } };
    return { dashboardUrl: `http://127.0.0.1:${DASHBOARD_PORT}`, apiKey: credentials.creator.apiKey };
  }
  if (!fs.existsSync(".next/BUILD_ID")) throw new Error("no production build in .next: run `npm run build` first (or pass --attach)");
  const dataDir = ".data/longtasks";
  fs.mkdirSync(dataDir, { recursive: true });
  // A fresh mirror each run: days stored by an earlier run would answer instead of the upstream.
  for (const file of ["mirror.sqlite", "share-links.sqlite", "saved-views.sqlite"]) {
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(path.join(dataDir, `${file}${suffix}`), { force: true });
  }
  // On DuckDB (the default engine) the fact tables are a file of their own: a cache of the mirror, emptied with it.
  for (const suffix of ["", ".wal"]) fs.rmSync(path.join(dataDir, `facts.duckdb${suffix}`), { force: true });
  const credentialsFile = path.join(dataDir, "credentials.json");
  fs.rmSync(credentialsFile, { force: true });
  startGroup(process.execPath, ["--import", "tsx", "sandbox/cli.ts", "--port", String(SANDBOX_PORT), "--data-dir", dataDir, "--now", SANDBOX_NOW, "--credentials-out", credentialsFile], {}, path.join(dataDir, "sandbox.log"));
  const until = Date.now() + 120_000;
  while (!fs.existsSync(credentialsFile)) {
    if (Date.now() > until) throw new Error("the sandbox did not write its credentials within 120 s (see .data/longtasks/sandbox.log)");
    await new Promise((r) => setTimeout(r, 300));
  }
  const dashboardUrl = `http://127.0.0.1:${DASHBOARD_PORT}`;
  const env = dashboardEnv(dashboardUrl, dataDir, { SALES_API_CA_FILE: path.join(dataDir, "sandbox", "cert.pem") });
  const nextBin = path.resolve("node_modules/next/dist/bin/next");
  startGroup(process.execPath, [nextBin, "start", "-p", String(DASHBOARD_PORT)], env, path.join(dataDir, "dashboard.log"));
  await waitFor(`${dashboardUrl}/sign-in`, 120_000);
  const credentials = JSON.parse(fs.readFileSync(credentialsFile, "utf8")) as { creator: { apiKey: string } };
  return { dashboardUrl, apiKey: credentials.creator.apiKey };
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface LongTask { start: number; duration: number }
interface Measured { name: string; run: number; loadMs: number; tasks: LongTask[]; trace?: string; error?: string }

declare global {
  interface Window { __longTasks?: LongTask[] }
}

function observeLongTasks(): void {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks!.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // no Long Tasks API: an empty list would read as "none", so the script checks support below
  }
}

async function signIn(page: Page, apiKey: string): Promise<void> {
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent("/payouts")}`);
  await page.getByLabel("API key", { exact: true }).fill(apiKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/payouts", { timeout: 120_000 });
}

async function measure(browser: Browser, base: Servers, spec: PageSpec, run: number): Promise<Measured> {
  const context = await browser.newContext({ baseURL: base.dashboardUrl, timezoneId: "UTC", viewport: { width, height: 900 } });
  const page = await context.newPage();
  try {
    await page.clock.install({ time: new Date(SANDBOX_NOW) });
    await signIn(page, base.apiKey);
    await page.addInitScript(observeLongTasks);
    const trace = traceDir ? path.join(traceDir, `${spec.name}-${run}.json`) : undefined;
    if (trace) {
      fs.mkdirSync(traceDir!, { recursive: true });
      await browser.startTracing(page, {
        path: trace,
        categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "disabled-by-default-v8.cpu_profiler", "blink.user_timing"],
      });
    }
    const started = Date.now();
    await page.goto(spec.url);
    let error: string | undefined;
    try {
      await page.getByTestId(spec.body).and(page.locator('[data-state="current"]')).waitFor({ timeout: LOAD_TIMEOUT_MS });
    } catch (e) {
      error = `not current within ${LOAD_TIMEOUT_MS / 1000} s: ${(e as Error).message.split("\n")[0]}`;
    }
    const loadMs = Date.now() - started;
    await page.waitForTimeout(SETTLE_MS);
    const supported = await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes("longtask"));
    if (!supported) throw new Error("this Chromium does not report longtask entries");
    const tasks = await page.evaluate(() => window.__longTasks ?? []);
    if (screenshots) {
      fs.mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: path.join(screenshots, `${spec.name}-${width}.png`), fullPage: true });
    }
    if (trace) await browser.stopTracing();
    return { name: spec.name, run, loadMs, tasks, trace, error };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// What a task over 200 ms is made of, from the Chrome trace

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; id?: string; args?: Record<string, unknown> }
interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; parent?: number; children?: number[] }

// React's own work loop, on every stack: left out of the inclusive list so the components show.
const REACT_INTERNALS = /^(performWork\w*|renderRoot\w*|workLoop\w*|performUnitOfWork|beginWork|completeWork|completeUnitOfWork|commit\w*|complete\w*|recursively\w*|flush\w*|processRootSchedule\w*|scheduleImmediateRootScheduleTask|runWithFiberInDEV|renderWithHooks\w*|update\w*Component|mount\w*Component|reconcile\w*|callComponentInDEV|finishConcurrentRender|performSyncWorkOnRoot|(anonymous))$/;

function frameName(node: ProfileNode): string {
  const f = node.callFrame;
  const file = f.url ? f.url.replace(/^.*\/_next\/static\/chunks\//, "").replace(/^https?:\/\/[^/]+/, "") : "";
  return `${f.functionName || "(anonymous)"}${file ? ` ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}` : ""}`;
}

function breakDown(file: string): string[] {
  const raw = JSON.parse(fs.readFileSync(file, "utf8")) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  const main = events.find((e) => e.name === "thread_name" && (e.args as { name?: string })?.name === "CrRendererMain" && events.some((t) => t.pid === e.pid && t.name === "ParseHTML"));
  if (!main) return ["(no renderer main thread in the trace)"];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X");
  const tasks = onMain.filter((e) => (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask") && (e.dur ?? 0) > LIMIT_MS * 1000);
  // CPU profile samples of the main thread (Profile + ProfileChunk events share an id).
  const nodes = new Map<number, ProfileNode>();
  const samples: Array<{ ts: number; node: number }> = [];
  const profiles = events.filter((e) => e.name === "Profile" && e.pid === main.pid && e.tid === main.tid);
  for (const profile of profiles) {
    let ts = (profile.args as { data: { startTime: number } }).data.startTime;
    for (const chunk of events.filter((e) => e.name === "ProfileChunk" && e.id === profile.id && e.pid === profile.pid)) {
      const data = (chunk.args as { data: { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } }).data;
      for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const ids = data.cpuProfile?.samples ?? [];
      const deltas = data.timeDeltas ?? [];
      ids.forEach((id, i) => {
        ts += deltas[i] ?? 0;
        samples.push({ ts, node: id });
      });
    }
  }
  // Chrome names each node's parent; a profile that lists children instead gets its parents here.
  for (const node of nodes.values()) for (const child of node.children ?? []) { const c = nodes.get(child); if (c) c.parent = node.id; }
  const lines: string[] = [];
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e.ts >= task.ts && e.ts < end && e !== task);
    const byName = new Map<string, number>();
    for (const e of inside) {
      const fn = (e.args as { data?: { functionName?: string; url?: string } })?.data;
      const label = e.name === "FunctionCall" && fn ? `FunctionCall ${fn.functionName || "(anonymous)"} ${(fn.url ?? "").replace(/^.*\//, "")}` : e.name;
      byName.set(label, (byName.get(label) ?? 0) + (e.dur ?? 0));
    }
    lines.push(`  task of ${Math.round((task.dur ?? 0) / 1000)} ms (the thread ran ${task.tdur === undefined ? "?" : Math.round(task.tdur / 1000)} ms of it) at ${Math.round((task.ts - (onMain[0]?.ts ?? task.ts)) / 1000)} ms`);
    const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 8);
    lines.push(`    events: ${top.map(([n, d]) => `${n} ${Math.round(d / 1000)}`).join(", ")}`);
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    const within = samples.filter((s) => s.ts >= task.ts && s.ts < end);
    within.forEach((sample, i) => {
      const weight = (within[i + 1]?.ts ?? end) - sample.ts;
      const leaf = nodes.get(sample.node);
      if (!leaf) return;
      self.set(frameName(leaf), (self.get(frameName(leaf)) ?? 0) + weight);
      const seen = new Set<string>();
      for (let n: ProfileNode | undefined = leaf; n; n = n.parent !== undefined ? nodes.get(n.parent) : undefined) {
        if (!(n.callFrame.url ?? "").includes("/_next/") || REACT_INTERNALS.test(n.callFrame.functionName)) continue;
        const name = frameName(n);
        if (seen.has(name)) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + weight);
      }
    });
    const fmt = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([n, d]) => `      ${String(Math.round(d / 1000)).padStart(5)} ms  ${n}`);
    lines.push("    self time:", ...fmt(self));
    lines.push("    inclusive (app code):", ...fmt(inclusive));
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  // `--analyse trace.json…`: only the breakdown of traces written earlier.
  const analyse = process.argv.indexOf("--analyse");
  if (analyse > 0) {
    for (const file of process.argv.slice(analyse + 1)) {
      console.log(file);
      for (const line of breakDown(file)) console.log(line);
    }
    return;
  }
  const choice = chooseChromium();
  if (choice.kind === "none") throw new Error(`no Chromium: looked at ${choice.looked.join(", ")}`);
  const base = await servers();
  const browser = await chromium.launch(choice.kind === "system" ? { executablePath: choice.executablePath, args: SYSTEM_CHROMIUM_ARGS } : {});
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
  const results: Measured[] = [];
  console.log(`chromium: ${choice.kind} (${choice.executablePath}); ${os.cpus().length} cores; load average at start ${load()}`);
  console.log(`range ${FROM} to ${TO} (Overview and Payouts: their own windows), clock ${SANDBOX_NOW}; long task = 50 ms or more; limit ${LIMIT_MS} ms`);
  try {
    for (let run = 1; run <= runs; run++) {
      for (const spec of pages) {
        const m = await measure(browser, base, spec, run);
        results.push(m);
        const longest = Math.max(0, ...m.tasks.map((t) => t.duration));
        const total = m.tasks.reduce((s, t) => s + t.duration, 0);
        const over = m.tasks.filter((t) => t.duration > LIMIT_MS).length;
        console.log(
          `${spec.name.padEnd(12)} run ${run}: ${String(m.tasks.length).padStart(3)} long tasks, longest ${String(longest).padStart(5)} ms, total ${String(total).padStart(6)} ms, over ${LIMIT_MS} ms: ${over}; current after ${(m.loadMs / 1000).toFixed(1)} s; load ${load()}${m.error ? `; ${m.error}` : ""}`,
        );
        if (process.argv.includes("--verbose")) console.log(`    tasks (start ms, duration ms): ${m.tasks.map((t) => `${t.start}+${t.duration}`).join(" ")}`);
        if (m.trace) {
          for (const line of breakDown(m.trace)) console.log(line);
        }
      }
    }
  } finally {
    await browser.close();
    stopAll();
  }
  console.log(`load average at end ${load()}`);
  if (results.some((r) => r.error)) process.exitCode = 1;
}

await main();
