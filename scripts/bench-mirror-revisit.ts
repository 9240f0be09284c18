// Worker of `npm run bench:mirror`, the dashboard after a restart: a new process that opens the
// mirror the first one filled and builds the Revenue report of the last two years (default
// comparison) as GET /api/reports/revenue does, cold, then warm; then where the time goes.
// Started by scripts/bench-mirror.ts; writes its measurements to the job's result file.
import { createDecipheriv } from "node:crypto";
import { inflateRawSync } from "node:zlib";
import { comparisonRange } from "@/lib/analytics/compare";
import { utcFetchWindow } from "@/lib/analytics/time-buckets";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import { deriveMirrorKey } from "@/lib/mirror/mirror-cipher";
import { parseReportParams } from "@/lib/report-params/parse";
import { buildRevenueView, revenueViewFrom } from "@/lib/reports/server/revenue-report";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";
import { loadRevenueSummaries, revenueSummariesFrom } from "@/lib/reports/server/revenue-summaries";
import type { RevenueView } from "@/lib/reports/revenue-view";
import { credentialFrom } from "@/lib/sales-api";
import { shiftDay } from "@/lib/calendar";
import { getServerEnv } from "@/lib/env";
import { createTransport } from "@/lib/sales-api/transport";
import type { MirrorStore } from "@/lib/store/mirror-store";
import { credentialStats, instrumentClient, openBenchFactStore, openBenchStore, progress, unfetched, type FetchRecord, readJob, requestDelta, sandboxAgent, startGcTimer, startMemorySampler, writeResult, type MemoryPeak, type RequestDelta } from "./bench-mirror-support";
import { runMain } from "./bench/run-main";

interface Timers { storeReadMs: number }

/** The store with the time spent in its reads counted (SQLite: the query and copying the payloads out). */
function timedStore(store: MirrorStore, timers: Timers): MirrorStore {
  return new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== "function") return value;
      if (name !== "readDays" && name !== "readMeta" && name !== "readDigests") return value.bind(target);
      return async (...args: unknown[]) => {
        const t = performance.now();
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          timers.storeReadMs += performance.now() - t;
        }
      };
    },
  });
}

/** The view as JSON without the moment its freshness was computed at (the wall clock), so two visits compare. */
function comparable(view: RevenueView): string {
  return JSON.stringify({ ...view, quality: { ...view.quality, freshness: view.quality.freshness && { ...view.quality.freshness, computedAt: 0 } } });
}

/** The top-level keys (and quality's) whose values differ. */
function differingKeys(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.flatMap((k) => {
    if (JSON.stringify(a[k]) === JSON.stringify(b[k])) return [];
    if (k === "quality" && a[k] && b[k]) return differingKeys(a[k] as Record<string, unknown>, b[k] as Record<string, unknown>).map((q) => `quality.${q}`);
    return [k];
  });
}

export interface VisitMeasure { ms: number; cpuMs: number; fetchRangeMs: number; storeReadMs: number; gcMs: number; requests: RequestDelta; memory: MemoryPeak; rows: number; fetches: FetchRecord[] }

async function main(): Promise<void> {
  const processMemory = startMemorySampler();
  const job = readJob();
  const timers: Timers = { storeReadMs: 0 };
  const fetches: FetchRecord[] = [];
  const rawStore = await openBenchStore(job);
  const facts = openBenchFactStore(job);
  const store = timedStore(rawStore, timers);
  const clock = () => Date.parse(job.now);
  const transport = createTransport({ baseUrl: job.baseUrl, caFile: job.caFile, timeoutMs: getServerEnv().SALES_API_TIMEOUT_MS });
  const credential = credentialFrom({ apiKey: job.apiKey });
  const agent = sandboxAgent(job);
  const mirrored = createMirroredClient({ credential, target: "production", transport, mirror: { store, facts, clock, serverSecret: job.serverSecret } });
  const client = instrumentClient(mirrored, fetches);
  // The URL the Revenue page writes for "Last two years" (presets write their dates), read as the route reads it.
  const { from, to } = parseReportParams({ preset: "last_two_years" }, new Date(clock())).params;
  const parsed = parseReportParams({ from, to, preset: "last_two_years" }, new Date(clock()));
  if (parsed.problems.length) throw new Error(parsed.problems.join(" "));
  const params = parsed.params;

  const visit = async (label: string, memory = startMemorySampler()): Promise<VisitMeasure & { view: string }> => {
    const before = await credentialStats(job, agent);
    fetches.length = 0;
    timers.storeReadMs = 0;
    const gc = startGcTimer();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const view = await buildRevenueView(client, "creator", params);
    const ms = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    const gcMs = await gc.stop();
    const requests = requestDelta(before, await credentialStats(job, agent));
    const fetchRangeMs = fetches.reduce((sum, f) => sum + f.ms, 0);
    const measure = { ms, cpuMs: (user + system) / 1000, fetchRangeMs, ...timers, gcMs, requests, memory: memory.stop(), rows: view.rows.total, fetches: [...fetches], view: comparable(view) };
    progress(`${label}: ${(ms / 1000).toFixed(2)} s, ${requests.requests} upstream requests, ${view.rows.total} purchases in the range, ${unfetched(fetches)} days left unfetched`);
    return measure;
  };
  // The cold visit's peak is the process's since it started: nothing of it existed before the restart.
  const cold = await visit("revisit after restart", processMemory);
  const warm = await visit("same process again (warm)");

  // The same two halves buildRevenueView runs, timed apart: the day summaries (mirror, currency, merge) and the view.
  const split = await (async () => {
    const t0 = performance.now();
    const summaries = await loadRevenueSummaries(client, params);
    const t1 = performance.now();
    revenueViewFrom(summaries, "creator", params);
    const count = (merged: { currencies: Array<{ purchases: number }> } | null) => merged?.currencies.reduce((sum, c) => sum + c.purchases, 0) ?? 0;
    return { loadMs: t1 - t0, aggregateMs: performance.now() - t1, current: count(summaries.current), comparison: count(summaries.comparison) };
  })();

  // The path a filtered report takes: every record opened and summarised. Its view must be the same.
  const recordsPath = await (async () => {
    const t0 = performance.now();
    const view = revenueViewFrom(revenueSummariesFrom(await loadRevenueRecords(client, params)), "creator", params);
    const differs = differingKeys(JSON.parse(comparable(view)) as Record<string, unknown>, JSON.parse(cold.view) as Record<string, unknown>);
    return { ms: performance.now() - t0, sameView: differs.length === 0, differs };
  })();
  progress(`records path: ${(recordsPath.ms / 1000).toFixed(2)} s, ${recordsPath.sameView ? "the same view" : `A DIFFERENT VIEW (${recordsPath.differs.join(", ")})`} as the summaries give`);

  // Revenue with one product filter (the range's top product), as the route builds it: from the
  // records (before #25), then from the purchases fact table (twice: cold caches, then warm).
  const filtered = await (async () => {
    const top = JSON.parse(cold.view) as { breakdowns: Array<{ id: string; rows: Array<{ key: string }> }> };
    const product = top.breakdowns.find((b) => b.id === "product")?.rows[0]?.key ?? "none";
    const withProduct = { ...params, filters: { ...params.filters, product: [product] } };
    const time = async (options: { facts?: typeof facts }) => {
      const memory = startMemorySampler();
      const t0 = performance.now();
      const view = await buildRevenueView(client, "creator", withProduct, options);
      return { ms: performance.now() - t0, memory: memory.stop(), view: comparable(view) };
    };
    const records = await time({});
    progress(`Revenue, product ${product}, from the records: ${(records.ms / 1000).toFixed(2)} s`);
    const first = await time({ facts });
    const second = await time({ facts });
    progress(`Revenue, product ${product}, from the fact table: ${(first.ms / 1000).toFixed(2)} s, again ${(second.ms / 1000).toFixed(2)} s, ${first.view === records.view ? "the same view" : "A DIFFERENT VIEW"}`);
    return { product, recordsMs: records.ms, factsMs: first.ms, factsAgainMs: second.ms, sameView: first.view === records.view && second.view === records.view, recordsRss: records.memory, factsRss: first.memory };
  })();

  // openDay's steps one by one over the report's purchase days (a copy of lib/mirror/mirror-cipher.ts's
  // openDay, split to time each step; the report itself runs the original). No record is kept, so
  // this is each step's own cost; in the report the collector also walks the records kept so far.
  const key = deriveMirrorKey(job.serverSecret, credential);
  const compare = comparisonRange(params, "previous");
  const windows = [utcFetchWindow(params.from, params.to, params.tz), utcFetchWindow(compare.from, compare.to, params.tz)];
  const days: string[] = [];
  for (const w of windows) for (let d = w.from; d <= w.to; d = shiftDay(d, 1)) days.push(d);
  const anatomy = { days: days.length, sealedBytes: 0, plainBytes: 0, jsonBytes: 0, records: 0, selectMs: 0, decryptMs: 0, inflateMs: 0, decodeMs: 0, parseMs: 0, gcMs: 0 };
  const anatomyGc = startGcTimer();
  let t = performance.now();
  const rows = await rawStore.readDays(client.identity, "purchases", days);
  anatomy.selectMs = performance.now() - t;
  for (const row of rows) {
    t = performance.now();
    const decipher = createDecipheriv("aes-256-gcm", key, row.sealed.subarray(0, 12), { authTagLength: 16 });
    decipher.setAAD(Buffer.from(`${client.identity}|purchases|${row.day}`, "utf8"));
    decipher.setAuthTag(row.sealed.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(row.sealed.subarray(28)), decipher.final()]);
    const t2 = performance.now();
    const inflated = inflateRawSync(plain);
    const t2b = performance.now();
    const json = inflated.toString("utf8");
    const t3 = performance.now();
    const payload = JSON.parse(json) as { records: unknown[] };
    const t4 = performance.now();
    anatomy.decryptMs += t2 - t;
    anatomy.inflateMs += t2b - t2;
    anatomy.decodeMs += t3 - t2b;
    anatomy.parseMs += t4 - t3;
    anatomy.sealedBytes += row.sealed.length;
    anatomy.plainBytes += plain.length;
    anatomy.jsonBytes += json.length;
    anatomy.records += payload.records.length;
  }
  anatomy.gcMs = await anatomyGc.stop();

  writeResult(job, {
    params,
    cold: { ...cold, view: undefined },
    warm: { ...warm, view: undefined },
    sameView: cold.view === warm.view,
    split,
    recordsPath,
    filtered,
    anatomy,
  });
  await rawStore.close();
  await facts.close();
  await agent.close();
}

runMain(main);
