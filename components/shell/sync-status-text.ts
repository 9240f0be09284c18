// The shell's sentence about the account's background sync: what a person needs to know,
// and nothing when the server runs no sync (a "0 of 0 days" would only mislead). Pure.
import type { SyncStatusAnswer } from "@/lib/mirror/sync-status-answer";

export interface SyncStatusText {
  text: string;
  tone: "filling" | "done" | "problem";
}

/** The slice of a next-intl translator of the "shell" namespace this needs. */
export type SyncWords = (key: "sync.synced" | "sync.syncedOf" | "sync.upToDate", values?: Record<string, number>) => string;

export function syncStatusText(status: SyncStatusAnswer | undefined, t: SyncWords): SyncStatusText | null {
  if (!status || !status.enabled || status.total <= 0) return null;
  const progress = status.complete ? t("sync.synced", { total: status.total }) : t("sync.syncedOf", { synced: status.synced, total: status.total });
  // The sync's last error is the server's sentence, quoted as it is.
  if (status.lastError) return { text: `${progress} · ${status.lastError}`, tone: "problem" };
  return status.complete ? { text: `${progress} · ${t("sync.upToDate")}`, tone: "done" } : { text: progress, tone: "filling" };
}
