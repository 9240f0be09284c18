import "server-only";

// The accounts' saved views, in the process's one store (lib/store/app-stores.ts builds it).
import { getSessionClient, type SessionAccount } from "@/lib/auth/session";
import { log } from "@/lib/log/server-log";
import type { ReportId } from "@/lib/reports/report-definitions";
import { savedViewStore } from "@/lib/store/app-stores";
import type { SavedViewStore } from "@/lib/store/saved-view-store";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";
import type { SavedViewItem } from "./saved-view-item";

export function getSavedViewStore(): SavedViewStore {
  return savedViewStore();
}

/** The account's views as the navigation shows them (no account identity leaves the server). */
export async function listSavedViews(accountIdentity: string): Promise<SavedViewItem[]> {
  const views = await getSavedViewStore().list(accountIdentity);
  // Written by createSavedView, which takes a report id only (the store keeps any text).
  return views.map(({ id, name, report, query }) => ({ id, name, report: report as ReportId, query }));
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
