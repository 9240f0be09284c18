// What the mirror's contract tests share: a temp data dir, a sync of one sandbox account,
// the sandbox's request log read as upstream windows, and ground truth by resource. The
// sandbox's stats are keyed by account name ("creator", "affiliate"), not by client id.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { ensureAccountSync, getSyncStatus, resourcesFor, stopAccountSync, type AccountSyncInput, type SyncStatus } from "@/lib/mirror/account-sync";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import { credentialFrom, RESOURCES, type KeyType, type ResourceName, type SalesApiCredential } from "@/lib/sales-api";
import { shiftDay } from "@/lib/calendar";
import { MemoryRateLimitStore, type RateLimitStore } from "@/lib/sales-api/rate-limit";
import { firstField } from "@/lib/sales-api/resources";
import { createTransport, type Transport } from "@/lib/sales-api/transport";
import type { MirrorStore } from "@/lib/store/mirror-store";
import { LocalQueue } from "@/lib/store/jobs/local-queue";
import { groundTruth, type GroundTruthOptions } from "../../sandbox/ground-truth";
import { FIXED_NOW, wire, type RunningSandbox } from "./sandbox-process";

export const SECRET = "mirror-contract-tests-server-secret-0123456789";
export const NOW_MS = Date.parse(FIXED_NOW);
export const TODAY = FIXED_NOW.slice(0, 10);
export type AccountName = "creator" | "affiliate";

const tempDirs: string[] = [];

export function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-mirror-"));
  tempDirs.push(dir);
  return dir;
}

export function removeTempDataDirs(): void {
  for (const queue of queues.splice(0)) void queue.stop();
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

const queues: LocalQueue[] = [];
const queueOfStore = new WeakMap<MirrorStore, LocalQueue>();

/**
 * The job queue of the process that syncs into `store`: its own, in a data dir of its own, so
 * that a pass one test sent for later never holds back another test's (a key waits once).
 */
export function syncQueueOf(store: MirrorStore): LocalQueue {
  let queue = queueOfStore.get(store);
  if (!queue) {
    queue = new LocalQueue({ file: path.join(tempDataDir(), "jobs.sqlite"), pollMs: 50 });
    queues.push(queue);
    queueOfStore.set(store, queue);
  }
  return queue;
}

/** Every byte of every file of `dir` (the database, its -wal and -shm). */
export function bytesOfDir(dir: string): Buffer {
  return Buffer.concat(fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name))));
}

/**
 * A restarted server: the process state (rate log, day cache, slots, in-flight work, syncs)
 * is gone. Identities survive only because AUTH_SECRET is set, as in production.
 */
export function resetProcessState(): void {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("salesdash.process-state")];
}

export function credentialOf(sb: RunningSandbox, who: AccountName): SalesApiCredential {
  return credentialFrom({ apiKey: sb.creds[who].apiKey });
}

export function transportOf(sb: RunningSandbox): Transport {
  return createTransport({ baseUrl: sb.creds.baseUrl, caFile: sb.creds.caFile, timeoutMs: 15_000 });
}

/**
 * A transport to the sandbox that records which windows' answers reached the client: a window
 * the sandbox answered while the client was being stopped is fetched again, rightly, and
 * `reached` tells those apart.
 */
export function recordingTransport(sb: RunningSandbox): { transport: Transport; reached: (window: ServedWindow) => boolean } {
  const received = new Set<string>();
  const inner = transportOf(sb);
  const key = (pathName: string, from: string, to: string) => `${pathName}?${from}..${to}`;
  return {
    transport: {
      baseUrl: inner.baseUrl,
      async request(request) {
        const response = await inner.request(request);
        received.add(key(request.path, String(request.query?.from), String(request.query?.to)));
        return response;
      },
    },
    reached: (window) => received.has(key(RESOURCES[window.resource].path, window.from, window.to)),
  };
}

/** The sync of one sandbox account, fast (the sandbox's limit raised) unless `limits` says otherwise. */
export function startSync(sb: RunningSandbox, who: AccountName, store: MirrorStore, overrides: Partial<AccountSyncInput> & { transport?: Transport; rateLimit?: RateLimitStore } = {}): string {
  const { transport, rateLimit, client, ...rest } = overrides;
  return ensureAccountSync({
    credential: credentialOf(sb, who),
    target: "production",
    keyType: sb.creds[who].keyType,
    alive: async () => true,
    store,
    clock: () => NOW_MS,
    pauseMs: 600_000,
    queue: syncQueueOf(store),
    ...rest,
    client: { transport: transport ?? transportOf(sb), serverSecret: SECRET, limits: { perMinute: 100_000 }, retry: { baseDelayMs: 50, maxDelayMs: 200 }, stores: { rateLimit: rateLimit ?? new MemoryRateLimitStore() }, ...client },
  });
}

export async function waitFor<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 150_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function waitForPassEnd(account: string, keyType: KeyType, store: MirrorStore, days: number): Promise<SyncStatus> {
  return waitFor(async () => {
    const status = await getSyncStatus(account, keyType, { store, clock: () => NOW_MS, days });
    if (status.lastError) throw new Error(`sync failed: ${status.lastError}`);
    return status.passEndedAt !== null && status;
  }, `the sync pass of ${account}`);
}

export { stopAccountSync };

/** A client reading the account's mirror, as a report does; the sandbox's limit raised. */
export function mirroredClient(sb: RunningSandbox, who: AccountName, store: MirrorStore, clock: () => number = () => NOW_MS) {
  return createMirroredClient({
    credential: credentialOf(sb, who),
    target: "production",
    transport: transportOf(sb),
    limits: { perMinute: 100_000 },
    mirror: { store, clock, serverSecret: SECRET },
    stores: { rateLimit: new MemoryRateLimitStore() },
  });
}

/**
 * A call to the sandbox's test controls (all idempotent), made again once when the connection
 * drops: a kept-alive socket the sandbox closed while this process was busy (a CPU-bound
 * stretch of ground truth or of reading megabytes of mirror) fails the first try.
 */
export async function again<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    return call();
  }
}

export const statsOf = (sb: RunningSandbox) => again(() => sb.stats());

export async function requestsOf(sb: RunningSandbox, who: AccountName): Promise<number> {
  return (await statsOf(sb))[who]?.requests ?? 0;
}

export interface ServedWindow { t: number; resource: ResourceName; from: string; to: string; limit: number; status: number }

const PATHS = new Map(Object.entries(RESOURCES).map(([name, spec]) => [spec.path, name as ResourceName]));

/** The list requests the sandbox served to `who`, oldest first; `to` exclusive, as sent. */
export async function servedWindows(sb: RunningSandbox, who: AccountName): Promise<ServedWindow[]> {
  const log = (await statsOf(sb))[who]?.log ?? [];
  return log.flatMap((entry) => {
    const resource = PATHS.get(entry.path);
    if (!resource) return [];
    const query = new URLSearchParams(entry.query ?? "");
    return [{ t: entry.t, resource, from: query.get("from") ?? "", to: query.get("to") ?? "", limit: Number(query.get("limit")), status: entry.status }];
  });
}

/** The sandbox's records of `resource` from `from` to `to` (inclusive), as sent over the wire. */
export function truth(who: AccountName, resource: ResourceName, from: string, to: string, options: Partial<GroundTruthOptions> = {}): unknown[] {
  return wire(groundTruth({ now: FIXED_NOW, ...options }, who, resource, from, shiftDay(to, 1)));
}

/**
 * The day a truncated answer for `window` re-fetches: the day of its oldest record, whose
 * other records did not fit (lib/sales-api/fetch-days.ts asks for it again, whole, in the next window).
 * Undefined when the window was not truncated.
 */
export function partialDayOf(who: AccountName, window: ServedWindow): string | undefined {
  const all = groundTruth({ now: FIXED_NOW }, who, window.resource, window.from, window.to);
  if (all.length <= window.limit) return undefined;
  const oldest = firstField(all[window.limit - 1] as Record<string, unknown>, RESOURCES[window.resource].filterColumns);
  return typeof oldest === "string" ? oldest.slice(0, 10) : undefined;
}

/**
 * Days of a resource fetched more than once. A window delivers its whole range, unless it was
 * truncated: then it delivers the days after its oldest record's day, and that partial day is
 * asked for again, whole, by the next window (lib/sales-api/fetch-days.ts): a partial day is not counted as
 * fetched. Windows `excused` are not counted either (e.g. those the client never received
 * because it was stopped while they were in flight).
 */
export function refetchedDays(who: AccountName, windows: readonly ServedWindow[], excused: (w: ServedWindow) => boolean = () => false): string[] {
  const fetched = new Map<string, number>();
  for (const window of windows) {
    if (window.status !== 200 || excused(window)) continue;
    const partial = partialDayOf(who, window);
    for (let day = partial ? shiftDay(partial, 1) : window.from; day < window.to; day = shiftDay(day, 1)) {
      const key = `${window.resource} ${day}`;
      fetched.set(key, (fetched.get(key) ?? 0) + 1);
    }
  }
  return [...fetched].filter(([, n]) => n > 1).map(([key, n]) => `${key} (${n}x)`);
}

/** Every synced resource read back through a mirrored client equals ground truth, with 0 upstream requests. */
export async function expectMirrorEqualsTruth(sb: RunningSandbox, who: AccountName, store: MirrorStore, from: string, to: string): Promise<void> {
  const client = mirroredClient(sb, who, store);
  const before = await requestsOf(sb, who);
  for (const resource of resourcesFor(sb.creds[who].keyType)) {
    const { records, report } = await client.fetchRange(resource, { from, to });
    expect(report.requests, resource).toBe(0);
    expect(report.complete, resource).toBe(true);
    expect(wire(records), resource).toEqual(truth(who, resource, from, to));
  }
  expect(await requestsOf(sb, who)).toBe(before);
}

/**
 * The needles (customer values) found in `haystack`. A needle shorter than 6 bytes is not
 * looked for: random ciphertext holds any given 4 bytes too often for a hit to mean anything.
 * One pass over the bytes with a map of 6-byte prefixes, instead of one scan per needle.
 */
export function findNeedles(haystack: Buffer, needles: Iterable<string>): string[] {
  const PREFIX = 6;
  const byPrefix = new Map<string, Buffer[]>();
  for (const needle of new Set(needles)) {
    const bytes = Buffer.from(needle, "utf8");
    if (bytes.length < PREFIX) continue;
    const prefix = bytes.subarray(0, PREFIX).toString("latin1");
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), bytes]);
  }
  // latin1 maps each byte to one character: string positions are byte positions.
  const text = haystack.toString("latin1");
  const found = new Set<string>();
  for (let i = 0; i + PREFIX <= text.length; i++) {
    const candidates = byPrefix.get(text.slice(i, i + PREFIX));
    for (const bytes of candidates ?? []) if (haystack.subarray(i, i + bytes.length).equals(bytes)) found.add(bytes.toString("utf8"));
  }
  return [...found];
}

/** The first day of a sync of `days` days ending today. */
export const firstDay = (days: number) => shiftDay(TODAY, -(days - 1));
