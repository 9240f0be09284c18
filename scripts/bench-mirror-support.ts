// Shared by the processes of `npm run bench:mirror`: the job handed from the orchestrator to
// each worker, the worker's memory sampler, and the sandbox's request log for one credential.
import fs from "node:fs";
import { PerformanceObserver } from "node:perf_hooks";
import { Agent, fetch } from "undici";
import path from "node:path";
import type { MirrorStore } from "@/lib/store/mirror-store";
import { migratePostgres } from "@/lib/store/postgres/migrate";
import { PostgresMirrorStore } from "@/lib/store/postgres/postgres-mirror-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { PostgresPurchaseFactStore } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export interface MirrorBenchJob {
  baseUrl: string;
  caFile: string;
  apiKey: string;
  /** The sandbox keeps its stats per account name ("creator"), not per client id. */
  sandboxAccount: string;
  /** The dashboard's data dir: mirror.sqlite and settings.sqlite live here. */
  dataDir: string;
  serverSecret: string;
  /** The sandbox's fixed now, the dashboard's injected clock. */
  now: string;
  days: number;
  resultFile: string;
  /** The PostgreSQL back-end (a schema of the bench's own, in the URL's search_path); the SQLite file in dataDir when unset. */
  databaseUrl?: string;
}

/** The mirror store the dashboard would use: PostgreSQL (migrated) when the job names one, else dataDir's SQLite file. */
export async function openBenchStore(job: MirrorBenchJob): Promise<MirrorStore> {
  if (!job.databaseUrl) return new SqliteMirrorStore(path.join(job.dataDir, "mirror.sqlite"));
  await migratePostgres(job.databaseUrl);
  return new PostgresMirrorStore(job.databaseUrl, { max: 10 });
}

/** The purchases fact table beside the bench's mirror: its SQLite file, or the same database. */
export function openBenchFactStore(job: MirrorBenchJob): PurchaseFactStore {
  return job.databaseUrl ? new PostgresPurchaseFactStore(job.databaseUrl, { max: 4 }) : new SqlitePurchaseFactStore(path.join(job.dataDir, "mirror.sqlite"));
}

export const JOB_ENV = "BENCH_MIRROR_JOB";

export function readJob(): MirrorBenchJob {
  const text = process.env[JOB_ENV];
  if (!text) throw new Error(`${JOB_ENV} is not set: run npm run bench:mirror`);
  return JSON.parse(text) as MirrorBenchJob;
}

export function writeResult(job: MirrorBenchJob, result: unknown): void {
  fs.writeFileSync(job.resultFile, JSON.stringify(result, null, 2));
}

export const progress = (line: string) => process.stderr.write(`  ${line}\n`);
export const mb = (bytes: number) => Math.round(bytes / 1_048_576);

/** The kernel's high-water mark of this process's RSS (VmHWM), in bytes. */
function highWaterMark(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

export interface MemoryPeak {
  /** Largest of the 250 ms samples of process.memoryUsage().rss. */
  sampledPeakRss: number;
  /** VmHWM since the sampler started (since the process started when the kernel cannot reset it). */
  kernelPeakRss: number;
  kernelPeakReset: boolean;
  samples: number;
}

/**
 * Samples RSS every 250 ms. A timer cannot fire while a synchronous step runs, so the kernel's
 * high-water mark is read too: it is reset at the start (clear_refs 5) when the kernel allows.
 */
export function startMemorySampler(): { stop(): MemoryPeak } {
  let reset = false;
  try {
    fs.writeFileSync("/proc/self/clear_refs", "5");
    reset = true;
  } catch {
    // An older kernel or a restricted /proc: VmHWM then covers the whole process.
  }
  let peak = process.memoryUsage().rss;
  let samples = 1;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    samples++;
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().rss);
      return { sampledPeakRss: peak, kernelPeakRss: highWaterMark(), kernelPeakReset: reset, samples: samples + 1 };
    },
  };
}

/**
 * Milliseconds spent in garbage collection between start and stop. GC entries reach the
 * observer asynchronously, so stop waits a moment and keeps those that started in between.
 */
export function startGcTimer(): { stop(): Promise<number> } {
  const entries: Array<{ startTime: number; duration: number }> = [];
  const observer = new PerformanceObserver((list) => void entries.push(...list.getEntries()));
  observer.observe({ entryTypes: ["gc"] });
  const from = performance.now();
  return {
    async stop() {
      const to = performance.now();
      await new Promise((r) => setTimeout(r, 100));
      observer.disconnect();
      return entries.filter((e) => e.startTime >= from && e.startTime <= to).reduce((sum, e) => sum + e.duration, 0);
    },
  };
}

export interface ServedRequest { t: number; path: string; status: number; flow: string }
export interface CredentialStats { requests: number; byStatus: Record<string, number>; log: ServedRequest[] }

/** What the sandbox served the job's credential so far (GET /__sandbox/stats). */
export async function credentialStats(job: MirrorBenchJob, agent: Agent): Promise<CredentialStats> {
  // The sandbox answers slowly while it generates a large window on a busy machine: a read of its
  // stats is retried rather than ending a fifteen-minute run.
  let res: Awaited<ReturnType<typeof fetch>> | undefined;
  for (let attempt = 1; !res; attempt++) {
    try {
      res = await fetch(`${job.baseUrl}/__sandbox/stats`, { dispatcher: agent });
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
  if (!res.ok) throw new Error(`GET /__sandbox/stats: ${res.status}`);
  const body = (await res.json()) as { accounts: Record<string, CredentialStats | undefined> };
  return body.accounts[job.sandboxAccount] ?? { requests: 0, byStatus: {}, log: [] };
}

export function sandboxAgent(job: MirrorBenchJob): Agent {
  return new Agent({ connect: { ca: fs.readFileSync(job.caFile, "utf8") } });
}

export interface RequestDelta {
  requests: number;
  byStatus: Record<string, number>;
  /** By path without the /api/v1/ prefix ("purchases", "orders", …; "auth" for token exchanges). */
  byResource: Record<string, number>;
}

/** The requests served between two snapshots (the log keeps the first 100,000 of each credential). */
export function requestDelta(before: CredentialStats, after: CredentialStats): RequestDelta {
  const byStatus: Record<string, number> = {};
  for (const [status, n] of Object.entries(after.byStatus)) {
    const d = n - (before.byStatus[status] ?? 0);
    if (d) byStatus[status] = d;
  }
  const byResource: Record<string, number> = {};
  for (const entry of after.log.slice(before.log.length)) {
    const name = entry.flow === "auth" ? "auth" : entry.path.replace(/^\/api\/v1\//, "");
    byResource[name] = (byResource[name] ?? 0) + 1;
  }
  return { requests: after.requests - before.requests, byStatus, byResource };
}

/** One fetchRange of a report, as its RangeReport tells it. */
export interface FetchRecord { resource: string; from: string; to: string; ms: number; requests: number; cacheHits: number; unfetchedDays: number; incompleteDays: number }

/**
 * The client with each fetchRange timed and its report kept: the mirror's whole path to records,
 * and the days a report's deadline left unfetched (they would show as such on screen).
 */
export function instrumentClient(client: MirroredClient, fetches: FetchRecord[]): MirroredClient {
  return {
    ...client,
    identity: client.identity,
    fetchRange: async (resource, range, options) => {
      const t = performance.now();
      const result = await client.fetchRange(resource, range, options);
      const { report } = result;
      fetches.push({ resource, from: range.from, to: range.to, ms: performance.now() - t, requests: report.requests, cacheHits: report.cacheHits, unfetchedDays: report.unfetchedDays.length, incompleteDays: report.incompleteDays.length });
      return result;
    },
  };
}

export const unfetched = (fetches: readonly FetchRecord[]) => fetches.reduce((sum, f) => sum + f.unfetchedDays, 0);
