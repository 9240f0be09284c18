// The shell's sentence about the account's background sync: what a person needs to know,
// and nothing when the server runs no sync (a "0 of 0 days" would only mislead). Pure.
import type { SyncStatusAnswer } from "@/lib/mirror/sync-status-answer";

export interface SyncStatusText {
  text: string;
  tone: "filling" | "done" | "problem";
}

const days = (n: number) => `${n.toLocaleString("en-US")} day${n === 1 ? "" : "s"}`;

export function syncStatusText(status: SyncStatusAnswer | undefined): SyncStatusText | null {
  if (!status || !status.enabled || status.total <= 0) return null;
  const progress = status.complete ? `Synced ${days(status.total)}` : `Synced ${status.synced.toLocaleString("en-US")} of ${days(status.total)}`;
  if (status.lastError) return { text: `${progress} · ${status.lastError}`, tone: "problem" };
  return status.complete ? { text: `${progress} · up to date`, tone: "done" } : { text: progress, tone: "filling" };
}
