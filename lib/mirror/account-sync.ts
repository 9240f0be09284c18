import "server-only";

// The background sync of each signed-in account: started on sign-in and resumed by the server
// for the sessions the vault holds (lib/auth/session-sync.ts), one per account however many sessions it has,
// and held by a lease in the mirror store so that one per account runs across processes too.
// It runs passes (sync-pass.ts) while a session of the account lasts: the first fills the
// last SALESDASH_SYNC_DAYS days; later ones refresh the days that went stale.
import { randomUUID } from "node:crypto";
import { getServerEnv } from "@/lib/env";
import { log } from "@/lib/log/server-log";
import { abortableSleep, errorKind, type KeyType, type ResourceName, RESOURCES, type SalesApiCredential } from "@/lib/sales-api";
import { isoDay } from "@/lib/calendar";
import type { LeaseStore } from "@/lib/store/lease-store";
import type { MirrorStore, MirrorSyncState } from "@/lib/store/mirror-store";
import { getProcessState } from "@/lib/store/process-state";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { createMirroredClient, getMirrorStore, type MirroredClientOptions } from "./mirror-access";
import type { MirroredClient } from "./range-reader";
import { runSyncPass } from "./sync-pass";
import { syncProgress, type SyncProgress } from "./sync-progress";

/** What the views read. The checkouts list feeds no view: syncing it would spend the budget for nothing. */
export const SYNCED_RESOURCES: readonly ResourceName[] = ["purchases", "orders", "abandoned-carts", "refunds", "chargebacks"];

export function resourcesFor(keyType: KeyType): ResourceName[] {
  return SYNCED_RESOURCES.filter((r) => keyType === "creator" || !RESOURCES[r].creatorOnly);
}

export interface AccountSyncInput {
  credential: SalesApiCredential;
  target: "production" | "staging";
  keyType: KeyType;
  /** Whether a session of the account still lasts (its vault entry exists). */
  alive: () => Promise<boolean>;
  /** For tests; the configured ones otherwise. */
  days?: number;
  store?: MirrorStore;
  /** The purchases fact table kept beside `store`; the process's goes with the process's mirror. */
  facts?: PurchaseFactStore;
  clock?: () => number;
  pauseMs?: number;
  leaseMs?: number;
  client?: Pick<MirroredClientOptions, "transport" | "retry" | "limits" | "stores"> & { serverSecret?: string };
  /** Where the one-sync-per-account lease is held; the process's (Redis) or the mirror store unless given. */
  leases?: LeaseStore;
  /** The account's identity when the caller already has its client: a running sync is then found without building one. */
  account?: string;
  /**
   * Work that follows a pass which ended well, under the sync's lease (one instance at a time per
   * account): the digests due (lib/digests/due-digests.ts). Its failure is logged, and the sync
   * goes on.
   */
  afterPass?: (client: MirroredClient, at: number, signal: AbortSignal) => Promise<void>;
  /** Work that follows a pass the upstream ended by refusing the key (401), before the sync stops: the alert that says so. */
  onRefused?: (client: MirroredClient, at: number) => Promise<void>;
}

// An instance that dies holding it (killed, not stopped) blocks the sync this long at most: the
// others look every third of it, so one takes the sync over within a minute.
const LEASE_MS = 40_000;
const PAUSE_MS = 5 * 60_000;

const leaseName = (account: string) => `sync:${account}`;

/** Starts the account's sync unless one runs in this process; answers the account's identity. */
export function ensureAccountSync(input: AccountSyncInput): string {
  const days = input.days ?? getServerEnv().SALESDASH_SYNC_DAYS;
  const syncs = getProcessState().syncs;
  // Every request of a session comes here: most find the sync running, or none configured.
  if (input.account !== undefined && (days === 0 || syncs.has(input.account))) return input.account;
  const store = input.store ?? getMirrorStore();
  const { serverSecret, ...clientOptions } = input.client ?? {};
  const client = createMirroredClient({ ...clientOptions, credential: input.credential, target: input.target, priority: "background", deadlineMs: 600_000, mirror: { store, clock: input.clock, serverSecret, facts: input.facts } });
  const account = client.identity;
  if (days === 0 || syncs.has(account)) return account;
  const controller = new AbortController();
  const holder = `${process.pid}:${randomUUID()}`;
  const clock = input.clock ?? Date.now;
  const resources = resourcesFor(input.keyType);
  const leaseMs = input.leaseMs ?? LEASE_MS;
  // Redis's when configured (every instance sees it), else the mirror store's.
  const leases = input.leases ?? getProcessState().leases ?? store;

  const run = async () => {
    while (!controller.signal.aborted && (await input.alive())) {
      if (!(await leases.lease(leaseName(account), holder, leaseMs, clock()))) {
        // Another process syncs this account: look again later, it may stop.
        await abortableSleep(leaseMs / 3, controller.signal);
        continue;
      }
      // Read under the lease, each time: a process that held it in between wrote its own.
      const stored = await store.readSyncState(account);
      let state: MirrorSyncState = { ...(stored ?? { startedAt: clock(), passEndedAt: null, lastError: null, unavailable: [] }), days };
      // Renewed while the pass runs, not only between chunks: a chunk waiting behind reports
      // can outlast the lease, and another process would then start a second sync.
      const pass = new AbortController();
      let lost = false;
      const renew = setInterval(() => {
        leases.lease(leaseName(account), holder, leaseMs, clock()).then(
          (held) => held || pass.abort(new SyncStopped("lease lost")),
          () => undefined,
        );
      }, leaseMs / 3);
      try {
        const result = await runSyncPass({
          client,
          resources: resources.filter((r) => !state.unavailable.includes(r)),
          days,
          clock,
          signal: AbortSignal.any([controller.signal, pass.signal]),
          checkpoint: async () => {
            if (!(await input.alive())) controller.abort(new SyncStopped("signed out"));
            if (!(await leases.lease(leaseName(account), holder, leaseMs, clock()))) throw new SyncStopped("lease lost");
          },
          onUnavailable: (resource) => void (state.unavailable = [...state.unavailable, resource]),
        });
        state = { ...state, passEndedAt: result.unfetchedDays === 0 ? clock() : state.passEndedAt, lastError: null };
        // Only after a whole pass: a digest made while the upstream was away would tell part of its period.
        if (input.afterPass && result.unfetchedDays === 0 && !pass.signal.aborted) {
          await input.afterPass(client, clock(), AbortSignal.any([controller.signal, pass.signal])).catch((error: unknown) => log("warn", { event: "after_sync_pass_failed", kind: errorKind(error) }));
        }
      } catch (error) {
        if (controller.signal.aborted) break;
        // The lease went to another process mid-pass: wait on it again, as at the start, for
        // that process may stop; the session's end or a stop ends the loop above.
        if (pass.signal.aborted || error instanceof SyncStopped) lost = true;
        else {
          state = { ...state, lastError: describeSyncError(error) };
          log("warn", { event: "mirror_sync_failed", kind: errorKind(error) });
          if (errorKind(error) === "invalid_token") {
            await input.onRefused?.(client, clock()).catch((failure: unknown) => log("warn", { event: "after_sync_refused_failed", kind: errorKind(failure) }));
            break;
          }
        }
      } finally {
        clearInterval(renew);
        // A lost lease is another process's to write.
        if (!lost) await store.writeSyncState(account, state).catch(() => undefined);
      }
      await abortableSleep(lost ? leaseMs / 3 : (input.pauseMs ?? PAUSE_MS), controller.signal).catch(() => undefined);
    }
  };

  const done = run()
    .catch((error: unknown) => {
      if (!controller.signal.aborted) log("warn", { event: "mirror_sync_stopped", kind: errorKind(error) });
    })
    .finally(async () => {
      await leases.releaseLease(leaseName(account), holder).catch(() => undefined);
      if (syncs.get(account)?.done === done) syncs.delete(account);
    });
  syncs.set(account, { stop: () => controller.abort(new SyncStopped("stopped")), done });
  return account;
}

/** Stops this process's sync of the account and waits for it to let go. */
export async function stopAccountSync(account: string): Promise<void> {
  const sync = getProcessState().syncs.get(account);
  if (!sync) return;
  sync.stop();
  await sync.done;
}

export interface SyncStatus extends SyncProgress {
  running: boolean;
  passEndedAt: number | null;
  lastError: string | null;
}

export async function getSyncStatus(account: string, keyType: KeyType, options: { store?: MirrorStore; clock?: () => number; days?: number } = {}): Promise<SyncStatus> {
  const store = options.store ?? getMirrorStore();
  const state = await store.readSyncState(account);
  const days = options.days ?? state?.days ?? getServerEnv().SALESDASH_SYNC_DAYS;
  const resources = resourcesFor(keyType).filter((r) => !state?.unavailable.includes(r));
  const today = isoDay(new Date((options.clock ?? Date.now)()));
  return {
    ...syncProgress(await store.listDays(account), resources, today, days),
    running: getProcessState().syncs.has(account),
    passEndedAt: state?.passEndedAt ?? null,
    lastError: state?.lastError ?? null,
  };
}

class SyncStopped extends Error {
  override name = "AbortError";
}

function describeSyncError(error: unknown): string {
  switch (errorKind(error)) {
    case "invalid_token":
      return "The upstream no longer accepts this key: sign in again.";
    case "rate_limited":
      return "The upstream asked us to slow down; the sync resumes shortly.";
    case "timeout":
    case "network":
    case "upstream":
      return "The upstream could not be reached; the sync retries in a few minutes.";
    default:
      return "The sync stopped on an unexpected answer; it retries in a few minutes.";
  }
}
