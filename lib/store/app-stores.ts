import "server-only";

// The stores the features keep beside the upstream's data: account settings, share links and
// saved views. Each is built here, once per process, into the process state: on PostgreSQL when
// SALESDASH_DATABASE_URL is set (guarded: an outage is "storage unavailable"), else in a SQLite
// file of its own in the data directory. The features ask for a store and never choose a back-end.
import path from "node:path";
import type { Pool } from "pg";
import { getServerEnv } from "@/lib/env";
import type { AccountSettingsStore } from "./account-settings-store";
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

type AppStoreKey = "settings" | "shareLinks" | "savedViews";

function opened<K extends AppStoreKey>(key: K, onDatabase: (pool: Pool) => NonNullable<ProcessState[K]>, onFile: (file: string) => NonNullable<ProcessState[K]>, file: string): NonNullable<ProcessState[K]> {
  const state = getProcessState();
  if (!state[key]) {
    const pool = getDatabasePool();
    state[key] = pool ? onPostgres(onDatabase(pool)) : onFile(path.join(getServerEnv().SALESDASH_DATA_DIR, file));
  }
  return state[key]!;
}

export const accountSettingsStore = (): AccountSettingsStore => opened("settings", (pool) => new PostgresAccountSettingsStore(pool), (file) => new SqliteAccountSettingsStore(file), "settings.sqlite");

export const shareLinkStore = (): ShareLinkStore => opened("shareLinks", (pool) => new PostgresShareLinkStore(pool), (file) => new SqliteShareLinkStore(file), "share-links.sqlite");

export const savedViewStore = (): SavedViewStore => opened("savedViews", (pool) => new PostgresSavedViewStore(pool), (file) => new SqliteSavedViewStore(file), "saved-views.sqlite");
