import "server-only";

// Every store of the process is built here, once, into the process state: the credential vault,
// the mirror and its fact tables, account settings, share links, saved views, digest subscriptions, alerts and the job queue; on PostgreSQL
// when SALESDASH_DATABASE_URL is set (guarded: an outage is "storage unavailable"), else in a
// SQLite file in the data directory (the fact tables in one DuckDB file beside the mirror's, by
// default, or with SALESDASH_FACT_ENGINE=sqlite in the mirror's file; queried by worker threads). The rate budget, window locks and tokens are built with the process
// state (Redis when configured). The features ask for a store and never choose a back-end.
import path from "node:path";
import type { Pool } from "pg";
import { getServerEnv } from "@/lib/env";
import type { AccountSettingsStore } from "./account-settings-store";
import type { CartFactStore } from "./cart-fact-store";
import type { EventFactStore } from "./event-fact-store";
import type { MirrorStore } from "./mirror-store";
import type { OrderFactStore } from "./order-fact-store";
import { PostgresCartFactStore } from "./postgres/postgres-cart-fact-store";
import { PostgresEventFactStore } from "./postgres/postgres-event-fact-store";
import { PostgresMirrorStore } from "./postgres/postgres-mirror-store";
import { PostgresOrderFactStore } from "./postgres/postgres-order-fact-store";
import { PostgresPurchaseFactStore } from "./postgres/postgres-purchase-fact-store";
import { PostgresVaultStore } from "./postgres/postgres-vault-store";
import type { PurchaseFactStore } from "./purchase-fact-store";
import { SqliteMirrorStore } from "./sqlite-mirror-store";
import { SqliteVaultStore } from "./sqlite-vault-store";
import type { VaultStore } from "./vault-store";
import { warmStoreWorker } from "./worker/store-in-worker";
import { openWorkerCartFactStore, openWorkerDuckDbFactStores, openWorkerEventFactStore, openWorkerOrderFactStore, openWorkerPurchaseFactStore, type DuckDbFactStores } from "./worker-fact-stores";
import { PostgresAccountSettingsStore } from "./postgres/postgres-account-settings-store";
import { PostgresSavedViewStore } from "./postgres/postgres-saved-view-store";
import { PostgresShareLinkStore } from "./postgres/postgres-share-link-store";
import { getProcessState, processShared, type ProcessState } from "./process-state";
import type { JobQueue } from "@/lib/store/jobs/job-queue";
import { LocalQueue } from "@/lib/store/jobs/local-queue";
import { PgBossQueue } from "@/lib/store/jobs/pg-boss-queue";
import type { LockSource } from "./locks/held-lock";
import { MemoryLocks } from "./locks/memory-locks";
import { PgAdvisoryLocks } from "./locks/pg-advisory-locks";
import type { SavedViewStore } from "./saved-view-store";
import { getDatabasePool, onPostgres } from "./shared-backends";
import type { ShareLinkStore } from "./share-link-store";
import { SqliteAccountSettingsStore } from "./sqlite-account-settings-store";
import { SqliteSavedViewStore } from "./sqlite-saved-view-store";
import type { AlertStore } from "./alert-store";
import type { DigestStore } from "./digest-store";
import { PostgresDigestStore } from "./postgres/postgres-digest-store";
import { SqliteDigestStore } from "./sqlite-digest-store";
import { PostgresAlertStore } from "./postgres/postgres-alert-store";
import { SqliteAlertStore } from "./sqlite-alert-store";
import { SqliteShareLinkStore } from "./sqlite-share-link-store";

type AppStoreKey = "vault" | "mirror" | "purchaseFacts" | "orderFacts" | "cartFacts" | "eventFacts" | "settings" | "shareLinks" | "savedViews" | "digests" | "alerts";

// With SALESDASH_FACT_ENGINE=sqlite the fact tables live in the mirror's file, beside the days they are made of.
const MIRROR_FILE = "mirror.sqlite";

function opened<K extends AppStoreKey>(key: K, onDatabase: (pool: Pool) => NonNullable<ProcessState[K]>, onFile: (file: string) => NonNullable<ProcessState[K]>, file: string): NonNullable<ProcessState[K]> {
  const state = getProcessState();
  if (!state[key]) {
    const pool = getDatabasePool();
    state[key] = pool ? onPostgres(onDatabase(pool)) : onFile(path.join(getServerEnv().SALESDASH_DATA_DIR, file));
  }
  return state[key]!;
}

export const vaultStore = (): VaultStore => opened("vault", (pool) => new PostgresVaultStore(pool), (file) => new SqliteVaultStore(file), "vault.sqlite");

// On DuckDB, forget reaches the fact tables SQLite may have left in the mirror's file (sqlite-mirror-store.ts).
export const mirrorStore = (): MirrorStore => opened("mirror", (pool) => new PostgresMirrorStore(pool), (file) => new SqliteMirrorStore(file, { forgetOtherTables: factsOnDuckDb() }), MIRROR_FILE);

// By default (SALESDASH_FACT_ENGINE unset or duckdb): the four fact tables in one DuckDB file beside the mirror, their
// stores in one worker thread (one instance; the carts' store reads the purchases beside them;
// README, "The mirror"). The files of the two tables' earlier layout (purchase-facts.duckdb,
// order-facts.duckdb) are no longer read: a cache of the mirror, which writes the new file's days again.
const DUCKDB_FILE = "facts.duckdb";
const factsOnDuckDb = (): boolean => getServerEnv().SALESDASH_FACT_ENGINE === "duckdb";

type FactStoreKey = "purchaseFacts" | "orderFacts" | "cartFacts" | "eventFacts";
const DUCKDB_STORE: Record<FactStoreKey, keyof DuckDbFactStores> = { purchaseFacts: "purchases", orderFacts: "orders", cartFacts: "carts", eventFacts: "events" };

/**
 * A fact store in the data directory: on DuckDB, the first asked opens the four in their thread
 * and each of the others not yet opened takes its own from there (one thread, one instance on the
 * file); on SQLite, `onSqlite` in the mirror's file, a thread each.
 */
function factStore<K extends FactStoreKey>(key: K, onDatabase: (pool: Pool) => NonNullable<ProcessState[K]>, onSqlite: (file: string) => NonNullable<ProcessState[K]>): NonNullable<ProcessState[K]> {
  if (!factsOnDuckDb()) return opened(key, onDatabase, onSqlite, MIRROR_FILE);
  return opened(key, onDatabase, (file) => {
    const stores = openWorkerDuckDbFactStores(file);
    const state = getProcessState();
    for (const other of Object.keys(DUCKDB_STORE) as FactStoreKey[]) if (other !== key) (state[other] as object | undefined) ??= stores[DUCKDB_STORE[other]];
    return stores[DUCKDB_STORE[key]] as NonNullable<ProcessState[K]>;
  }, DUCKDB_FILE);
}

export const purchaseFactStore = (): PurchaseFactStore => factStore("purchaseFacts", (pool) => new PostgresPurchaseFactStore(pool), openWorkerPurchaseFactStore);

/**
 * Whether the purchases fact table is in the carts' file or database, where the carts' store reads
 * it for the Abandonment panels (cart-panel-sql.ts): always, the embedded engine being SQLite or
 * DuckDB (the four tables in one file either way).
 */
export const purchasesBesideCarts = (): boolean => true;

export const orderFactStore = (): OrderFactStore => factStore("orderFacts", (pool) => new PostgresOrderFactStore(pool), openWorkerOrderFactStore);

export const cartFactStore = (): CartFactStore => factStore("cartFacts", (pool) => new PostgresCartFactStore(pool), openWorkerCartFactStore);

// The refunds' and chargebacks' tables: one store for both.
export const eventFactStore = (): EventFactStore => factStore("eventFacts", (pool) => new PostgresEventFactStore(pool), openWorkerEventFactStore);

/**
 * At the server's start: the embedded fact stores' worker threads are started (each loads its
 * modules and opens the file) while nobody waits, not by the first report. On PostgreSQL there is
 * no thread to start. A store that cannot open says so to its first call, as before.
 */
export async function warmFactStores(): Promise<void> {
  if (getDatabasePool()) return;
  await Promise.all([purchaseFactStore(), orderFactStore(), cartFactStore(), eventFactStore()].map((store) => warmStoreWorker(store)));
}

export const accountSettingsStore = (): AccountSettingsStore => opened("settings", (pool) => new PostgresAccountSettingsStore(pool), (file) => new SqliteAccountSettingsStore(file), "settings.sqlite");

export const shareLinkStore = (): ShareLinkStore => opened("shareLinks", (pool) => new PostgresShareLinkStore(pool), (file) => new SqliteShareLinkStore(file), "share-links.sqlite");

export const savedViewStore = (): SavedViewStore => opened("savedViews", (pool) => new PostgresSavedViewStore(pool), (file) => new SqliteSavedViewStore(file), "saved-views.sqlite");

export const digestStore = (): DigestStore => opened("digests", (pool) => new PostgresDigestStore(pool), (file) => new SqliteDigestStore(file), "digests.sqlite");

export const alertStore = (): AlertStore => opened("alerts", (pool) => new PostgresAlertStore(pool), (file) => new SqliteAlertStore(file), "alerts.sqlite");

/**
 * The job queue (lib/store/jobs): pg-boss in its own schema of the database when SALESDASH_DATABASE_URL
 * is set (every instance works it), else in this process on a SQLite file of the data directory.
 */
export const jobQueue = (): JobQueue =>
  processShared("job-queue", () => {
    const env = getServerEnv();
    return env.SALESDASH_DATABASE_URL ? new PgBossQueue({ connectionString: env.SALESDASH_DATABASE_URL }) : new LocalQueue({ file: path.join(env.SALESDASH_DATA_DIR, "jobs.sqlite") });
  });

/**
 * Locks one holder has across the instances (the sync of an account): PostgreSQL's advisory
 * locks when SALESDASH_DATABASE_URL is set, else this process's (the in-process queue's one
 * process per data directory).
 */
export const heldLocks = (): LockSource =>
  processShared("held-locks", () => {
    const env = getServerEnv();
    return env.SALESDASH_DATABASE_URL ? new PgAdvisoryLocks({ connectionString: env.SALESDASH_DATABASE_URL }) : new MemoryLocks();
  });

/** Stops the queue (its running jobs end) and forgets it: the next jobQueue() builds another. */
export async function closeJobQueue(): Promise<void> {
  const shared = getProcessState().shared;
  const queue = shared.get("job-queue") as JobQueue | undefined;
  shared.delete("job-queue");
  await queue?.stop();
}
