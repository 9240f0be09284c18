"use client";

import { useQuery } from "@tanstack/react-query";
import { useSessionScope } from "@/components/providers/session-scope";
import type { SyncStatusAnswer } from "@/lib/mirror/sync-status-answer";

/** Polls every few seconds while the sync fills the mirror, once a minute once it is done. */
export const SYNC_POLL_FILLING_MS = 4_000;
export const SYNC_POLL_DONE_MS = 60_000;

/** The signed-in account's background sync (GET /api/mirror/status). */
export function useSyncStatus() {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [scope, "mirror:status"],
    queryFn: async ({ signal }): Promise<SyncStatusAnswer> => {
      const response = await fetch("/api/mirror/status", { signal, headers: { accept: "application/json" } });
      if (!response.ok) throw new Error(((await response.json().catch(() => null)) as { error?: { message?: string } } | null)?.error?.message ?? "The sync's progress could not be read.");
      return (await response.json()) as SyncStatusAnswer;
    },
    // Off: nothing will change. Filling: often, so the count moves. Done: now and then, as
    // later passes and "Refresh now" only refresh days the mirror already holds.
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data && !data.enabled) return false;
      return data?.complete ? SYNC_POLL_DONE_MS : SYNC_POLL_FILLING_MS;
    },
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}
