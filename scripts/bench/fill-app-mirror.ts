// A child of `npm run bench:reports`: fills the mirror a dashboard started with the same
// environment will read (SALESDASH_DATA_DIR's SQLite file, or SALESDASH_DATABASE_URL), with
// the process's own stores and fact tables, and the identity that AUTH_SECRET and
// SALES_API_BASE_URL give the creator's key. A process of its own: the app reads its
// environment once per process, and each back-end needs another.
import { getCartFactStore, getEventFactStore, getMirrorStore, getOrderFactStore, getPurchaseFactStore } from "@/lib/mirror/mirror-access";
import { getServerEnv } from "@/lib/env";
import { prepareSharedBackends } from "@/lib/store/prepare-shared-backends";
import { FILL_JOB_ENV, fillMirror, openBenchMirror, type FillJob } from "./fill-mirror";
import { runMain } from "./run-main";

async function main(): Promise<void> {
  const job = JSON.parse(process.env[FILL_JOB_ENV] ?? "null") as FillJob | null;
  const env = getServerEnv();
  if (!job || !env.AUTH_SECRET || !env.SALES_API_BASE_URL) throw new Error(`run by npm run bench:reports (${FILL_JOB_ENV}, AUTH_SECRET and SALES_API_BASE_URL set)`);
  // Migrates PostgreSQL when the environment names it, as the dashboard does at start.
  await prepareSharedBackends();
  const bench = openBenchMirror({ store: getMirrorStore(), facts: getPurchaseFactStore(), orderFacts: getOrderFactStore(), cartFacts: getCartFactStore(), eventFacts: getEventFactStore(), serverSecret: env.AUTH_SECRET, baseUrl: env.SALES_API_BASE_URL, clock: Date.now });
  const counts = await fillMirror(bench, { ...job, progress: (line) => process.stderr.write(`  fill ${line}\n`) });
  // DuckDB's stores queue their days' writes (duckdb-instance.ts, queueWrite): closed, they have
  // written them all. Exiting with writes queued ends the store's thread in DuckDB's native code (an abort).
  for (const store of [getPurchaseFactStore(), getOrderFactStore(), getCartFactStore(), getEventFactStore()]) await store.close();
  process.stdout.write(`${JSON.stringify(counts)}\n`);
}

runMain(main);
