import "server-only";

// The accounts' saved views, one store per process (on globalThis: a production build loads
// this module once per route bundle, and every route must see the same store).
import path from "node:path";
import { getSessionClient, type SessionAccount } from "@/lib/auth/session";
import { getServerEnv } from "@/lib/env";
import { log } from "@/lib/log/server-log";
import { PostgresSavedViewStore } from "@/lib/store/postgres/postgres-saved-view-store";
import type { SavedViewStore } from "@/lib/store/saved-view-store";
import { getDatabasePool, onPostgres } from "@/lib/store/shared-backends";
import { SqliteSavedViewStore } from "@/lib/store/sqlite-saved-view-store";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";
import type { SavedViewItem } from "./saved-view-item";

const KEY = Symbol.for("salesdash.saved-view-store");
type StoreHolder = { [KEY]?: SavedViewStore };

export function getSavedViewStore(): SavedViewStore {
  const holder = globalThis as StoreHolder;
  const pool = getDatabasePool();
  holder[KEY] ??= pool ? onPostgres(new PostgresSavedViewStore(pool)) : new SqliteSavedViewStore(path.join(getServerEnv().SALESDASH_DATA_DIR, "saved-views.sqlite"));
  return holder[KEY];
}

/** The account's views as the navigation shows them (no account identity leaves the server). */
export async function listSavedViews(accountIdentity: string): Promise<SavedViewItem[]> {
  const views = await getSavedViewStore().list(accountIdentity);
  return views.map(({ id, name, report, query }) => ({ id, name, report, query }));
}

/**
 * The signed-in account's views, for the shell: null when they cannot be read (the vault entry
 * is gone, or the shared store is away), so the navigation says so and every page still opens.
 */
export async function getSessionSavedViews(account: SessionAccount): Promise<SavedViewItem[] | null> {
  try {
    const client = await getSessionClient(account);
    return client ? await listSavedViews(client.identity) : null;
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    log("warn", { event: "saved_views_unavailable" });
    return null;
  }
}
