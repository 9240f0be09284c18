import "server-only";

// Every store of the process is built here, once, into the process state: the credential vault,
// the mirror and its fact tables, account settings, share links and saved views; on PostgreSQL
// when SALESDASH_DATABASE_URL is set (guarded: an outage is "storage unavailable"), else in a
// SQLite file in the data directory (the fact tables in the mirror's file, each queried by a
// worker thread). The rate budget, window locks, tokens and leases are built with the process
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
import { openWorkerCartFactStore, openWorkerDuckDbOrderFactStore, openWorkerDuckDbPurchaseFactStore, openWorkerEventFactStore, openWorkerOrderFactStore, openWorkerPurchaseFactStore } from "./worker-fact-stores";
import { PostgresAccountSettingsStore } from "./postgres/postgres-account-settings-store";
import { PostgresSavedViewStore } from "./postgres/postgres-saved-view-store";
import { PostgresShareLinkStore } from "./postgres/postgres-share-link-store";
import { getProcessState, type ProcessState } from "./process-state";
import type { SavedViewStore } from "./saved-view-store";
import { getDatabasePool, onPostgres } from "./shared-backends";
import type { ShareLinkStore } from "./share-link-store";
import { SqliteAccountSettingsStore } from "./sqlite-account-settings-store";
import { SqliteSavedViewStore } from "./sqlite-saved-view-store";
import { SqliteShareLinkStore } from "./sqlite-share-link-store";

type AppStoreKey = "vault" | "mirror" | "purchaseFacts" | "orderFacts" | "cartFacts" | "eventFacts" | "settings" | "shareLinks" | "savedViews";

// The fact tables live in the mirror's file, beside the days they are made of.
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

export const mirrorStore = (): MirrorStore => opened("mirror", (pool) => new PostgresMirrorStore(pool), (file) => new SqliteMirrorStore(file), MIRROR_FILE);

// SALESDASH_FACT_ENGINE=duckdb: the purchases and the orders tables in DuckDB files beside the
// mirror, one each (a file is one instance, and each store has its own worker thread; README, "The mirror").
const DUCKDB_PURCHASES_FILE = "purchase-facts.duckdb";
const DUCKDB_ORDERS_FILE = "order-facts.duckdb";
const factsOnDuckDb = (): boolean => getServerEnv().SALESDASH_FACT_ENGINE === "duckdb";

export const purchaseFactStore = (): PurchaseFactStore => {
  const onDuckDb = factsOnDuckDb();
  return opened("purchaseFacts", (pool) => new PostgresPurchaseFactStore(pool), onDuckDb ? openWorkerDuckDbPurchaseFactStore : openWorkerPurchaseFactStore, onDuckDb ? DUCKDB_PURCHASES_FILE : MIRROR_FILE);
};

/**
 * Whether the purchases fact table is in the carts' file or database, where the carts' store reads
 * it for the Abandonment panels (cart-panel-sql.ts): not when the embedded purchases are on DuckDB.
 */
export const purchasesBesideCarts = (): boolean => getServerEnv().SALESDASH_DATABASE_URL !== undefined || !factsOnDuckDb();

export const orderFactStore = (): OrderFactStore => {
  const onDuckDb = factsOnDuckDb();
  return opened("orderFacts", (pool) => new PostgresOrderFactStore(pool), onDuckDb ? openWorkerDuckDbOrderFactStore : openWorkerOrderFactStore, onDuckDb ? DUCKDB_ORDERS_FILE : MIRROR_FILE);
};

export const cartFactStore = (): CartFactStore => opened("cartFacts", (pool) => new PostgresCartFactStore(pool), openWorkerCartFactStore, MIRROR_FILE);

// The refunds' and chargebacks' tables: one worker thread for both in SQLite.
export const eventFactStore = (): EventFactStore => opened("eventFacts", (pool) => new PostgresEventFactStore(pool), openWorkerEventFactStore, MIRROR_FILE);

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
