// Worker of `npm run bench:mirror`, the dashboard's first life: the account's background sync
// from an empty mirror (lib/mirror/account-sync.ts, as sign-in starts it, at the sandbox's
// 60 requests a minute and the sync's own 45), then the first visit of the Revenue report.
// Started by scripts/bench-mirror.ts; writes its measurements to the job's result file.
import path from "node:path";
import Database from "better-sqlite3";
import { getServerEnv } from "@/lib/env";
import { ensureAccountSync, getSyncStatus, stopAccountSync } from "@/lib/mirror/account-sync";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import { parseReportParams } from "@/lib/report-params/parse";
import { buildRevenueView } from "@/lib/reports/server/revenue-report";
import { credentialFrom } from "@/lib/sales-api";
import { createTransport } from "@/lib/sales-api/transport";
import { Pool } from "pg";
import { credentialStats, instrumentClient, openBenchFactStore, openBenchStore, mb, progress, readJob, requestDelta, sandboxAgent, startMemorySampler, unfetched, writeResult, type FetchRecord, type MemoryPeak, type RequestDelta } from "./bench-mirror-support";
import { runMain } from "./bench/run-main";

export interface FirstVisit { ms: number; memory: MemoryPeak; requests: RequestDelta; rows: number; comparison: { from: string; to: string } | null; fetches: FetchRecord[] }
export interface ResourceSize { resource: string; days: number; records: number; incompleteDays: number; sealedBytes: number }

/** Days, records and sealed bytes per resource, read straight from the back-end's table. */
async function sizesPerResource(job: ReturnType<typeof readJob>, account: string): Promise<ResourceSize[]> {
  if (job.databaseUrl) {
    const pool = new Pool({ connectionString: job.databaseUrl, max: 1 });
    const { rows } = await pool.query(
      "SELECT resource, COUNT(*)::int AS days, SUM(count)::int AS records, SUM(CASE WHEN complete THEN 0 ELSE 1 END)::int AS \"incompleteDays\", SUM(octet_length(sealed))::bigint AS \"sealedBytes\" FROM salesdash_mirror_days WHERE account = $1 GROUP BY resource ORDER BY resource",
      [account],
    );
    await pool.end();
    return rows.map((r: ResourceSize) => ({ ...r, sealedBytes: Number(r.sealedBytes) }));
  }
  const db = new Database(path.join(job.dataDir, "mirror.sqlite"), { readonly: true });
  const rows = db
    .prepare("SELECT resource, COUNT(*) AS days, SUM(count) AS records, SUM(complete = 0) AS incompleteDays, SUM(length(sealed)) AS sealedBytes FROM days WHERE account = ? GROUP BY resource ORDER BY resource")
    .all(account) as ResourceSize[];
  db.close();
  return rows;
}

async function main(): Promise<void> {
  const job = readJob();
  const store = await openBenchStore(job);
  const facts = openBenchFactStore(job);
  const clock = () => Date.parse(job.now);
  const transport = createTransport({ baseUrl: job.baseUrl, caFile: job.caFile, timeoutMs: getServerEnv().SALES_API_TIMEOUT_MS });
  const credential = credentialFrom({ apiKey: job.apiKey });
  const agent = sandboxAgent(job);

  // --- The sync, with the limits the app runs with (none are lifted here).
  const before = await credentialStats(job, agent);
  const memory = startMemorySampler();
  const started = performance.now();
  const account = ensureAccountSync({ credential, target: "production", keyType: "creator", alive: async () => true, days: job.days, store, facts, clock, client: { transport, serverSecret: job.serverSecret } });
  const errors = new Set<string>();
  let lastLog = 0;
  for (;;) {
    const status = await getSyncStatus(account, "creator", { store, clock, days: job.days });
    if (status.lastError) errors.add(status.lastError);
    if (status.passEndedAt !== null) break;
    if (!status.running) throw new Error(`the sync stopped before its pass ended: ${status.lastError ?? "no error recorded"}`);
    const elapsed = performance.now() - started;
    if (elapsed - lastLog >= 30_000) {
      lastLog = elapsed;
      const served = (await credentialStats(job, agent)).requests - before.requests;
      progress(`sync ${(elapsed / 60_000).toFixed(1)} min: synced ${status.synced} of ${status.total} days, ${served} upstream requests, RSS ${mb(process.memoryUsage().rss)} MB`);
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
  const syncMs = performance.now() - started;
  await stopAccountSync(account);
  const syncMemory = memory.stop();
  const syncRequests = requestDelta(before, await credentialStats(job, agent));
  progress(`sync done in ${(syncMs / 60_000).toFixed(1)} min, ${syncRequests.requests} upstream requests`);

  // --- What the mirror holds, per resource (sizes of the sealed payloads, without SQLite's overhead).
  const fileBytes = await store.sizeBytes();
  const perResource = await sizesPerResource(job, account);

  // --- The first visit after the sync, in the same process, as a signed-in user would make it. The
  // comparison period lies beyond the synced days. When the report's deadline leaves days of it
  // unfetched (the screen says so), the user reloads once; if days are still missing, the bench
  // fetches those ranges alone (no mirror read before them eats their deadline), so that the
  // revisit measures a mirror holding every day of the report. Each step is reported.
  const params = parseReportParams({ preset: "last_two_years" }, new Date(clock())).params;
  const fetches: FetchRecord[] = [];
  const mirrored = createMirroredClient({ credential, target: "production", transport, mirror: { store, facts, clock, serverSecret: job.serverSecret } });
  const client = instrumentClient(mirrored, fetches);
  const visits: FirstVisit[] = [];
  do {
    fetches.length = 0;
    const visitBefore = await credentialStats(job, agent);
    const visitMemory = startMemorySampler();
    const visitStarted = performance.now();
    const view = await buildRevenueView(client, "creator", params);
    const ms = performance.now() - visitStarted;
    visits.push({ ms, memory: visitMemory.stop(), requests: requestDelta(visitBefore, await credentialStats(job, agent)), rows: view.rows.total, comparison: view.comparison, fetches: [...fetches] });
    progress(`first visit${visits.length > 1 ? `, reload ${visits.length - 1}` : ""}: ${(ms / 1000).toFixed(2)} s, ${visits.at(-1)?.requests.requests} upstream requests, ${unfetched(fetches)} days left unfetched`);
  } while (unfetched(fetches) > 0 && visits.length < 2);
  const missing = fetches.filter((f) => f.unfetchedDays > 0);
  fetches.length = 0;
  const fillBefore = await credentialStats(job, agent);
  for (const f of missing) await client.fetchRange(f.resource as "purchases", { from: f.from, to: f.to });
  const fill = { requests: requestDelta(fillBefore, await credentialStats(job, agent)), fetches: [...fetches] };
  if (missing.length) progress(`filled the ${missing.reduce((sum, f) => sum + f.unfetchedDays, 0)} days the visits left unfetched with ${fill.requests.requests} requests; ${unfetched(fetches)} still unfetched`);

  writeResult(job, { account, syncMs, syncMemory, syncRequests, syncErrors: [...errors], fileBytes, perResource, params, visits, fill });
  await store.close();
  await facts.close();
  await agent.close();
}

runMain(main);
