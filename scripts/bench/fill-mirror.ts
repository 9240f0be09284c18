// A mirror filled without a sync, for the benches that read one: the sandbox's generator (the
// large creator account at its fixed now) gives each UTC day's records, parsed as the client
// parses an upstream answer and stored through MirrorDayCache.set as the sync stores them
// (sealed day, day digest, fact rows). A sync at 60 requests a minute would take hours at
// --scale 20; this stores the same days in minutes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DAY_DIGESTERS } from "@/lib/mirror/day-digesters";
import { factTablesOf } from "@/lib/mirror/fact-tables";
import { DEFAULT_FRESHNESS } from "@/lib/mirror/freshness-policy";
import { deriveMirrorKey } from "@/lib/mirror/mirror-cipher";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import { MirrorDayCache } from "@/lib/mirror/mirror-day-cache";
import { FILTER_KEYS, type FilterKey, type ReportParams } from "@/lib/report-params/definitions";
import { presetRange } from "@/lib/report-params/presets";
import { credentialFrom } from "@/lib/sales-api";
import { RESOURCES } from "@/lib/sales-api/resources";
import { createTransport } from "@/lib/sales-api/transport";
import type { MirrorStore } from "@/lib/store/mirror-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import type { OrderFactStore } from "@/lib/store/order-fact-store";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import type { CartFactStore } from "@/lib/store/cart-fact-store";
import type { EventFactStore } from "@/lib/store/event-fact-store";
import { makeAccounts } from "../../sandbox/accounts";
import { Dataset, type ListResource } from "../../sandbox/data/dataset";
import { dayOf } from "../../sandbox/data/time";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import { dayKey } from "@/lib/mirror/day-store";

/** The sandbox's fixed now (tests/support/sandbox-process.ts FIXED_NOW): its data ends that day. */
export const BENCH_NOW = Date.parse("2026-06-15T12:00:00Z");
export const BENCH_TODAY = dayOf(BENCH_NOW);
export const benchAccounts = makeAccounts("salesdash");
export const benchCredential = credentialFrom({ apiKey: benchAccounts.creator.apiKey });

export const seconds = (ms: number) => (ms / 1000).toFixed(2);
export const loadAverage = () => os.loadavg().map((n) => n.toFixed(1)).join(" ");
export const rssMiB = () => (process.memoryUsage().rss / 1_048_576).toFixed(0);
/** The UTC day (YYYY-MM-DD) of an epoch day number. */
export const isoOfDay = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);

export interface BenchMirrorOptions {
  store: MirrorStore;
  serverSecret: string;
  facts?: PurchaseFactStore;
  orderFacts?: OrderFactStore;
  cartFacts?: CartFactStore;
  eventFacts?: EventFactStore;
  /** The clock days are stamped and judged by; the sandbox's now unless given. */
  clock?: () => number;
  /** The upstream the identity is bound to: the dashboard's SALES_API_BASE_URL when a server reads the mirror. */
  baseUrl?: string;
  /** The certificate authority of that upstream (the sandbox's), when one answers there: it is then waited for as the server waits (a sandbox at scale 20 takes seconds). */
  caFile?: string;
}

export interface BenchMirror {
  /** The creator's mirrored client over the store: a day the mirror holds fresh is never asked upstream. */
  client: MirroredClient;
  /** The account's day store as the sync writes it, with the fact tables of the stores given. */
  cache: MirrorDayCache;
}

export function openBenchMirror(options: BenchMirrorOptions): BenchMirror {
  const clock = options.clock ?? (() => BENCH_NOW);
  const { store, serverSecret } = options;
  const factStores = { facts: options.facts, orderFacts: options.orderFacts, cartFacts: options.cartFacts, eventFacts: options.eventFacts };
  const client = createMirroredClient({
    credential: benchCredential,
    target: "production",
    // Nothing listens there: a day the mirror lacks fails at once instead of being fetched.
    transport: createTransport({ baseUrl: options.baseUrl ?? "https://127.0.0.1:9", timeoutMs: options.caFile ? 30_000 : 1000, caFile: options.caFile }),
    clock,
    mirror: { store, ...factStores, clock, serverSecret },
  });
  const cache = new MirrorDayCache(store, client.identity, deriveMirrorKey(serverSecret, benchCredential), DEFAULT_FRESHNESS, clock, undefined, DAY_DIGESTERS, factTablesOf(factStores));
  return { client, cache };
}

export interface FillOptions {
  scale: number;
  resources: readonly ListResource[];
  /** Epoch day numbers, both included; filled newest first, as the sync goes. */
  firstDay: number;
  lastDay: number;
  /** The stamp of each stored day: the sandbox's now unless given (a real server judges freshness by its own clock). */
  fetchedAt?: number;
  progress?: (line: string) => void;
}

/** What scripts/bench/fill-app-mirror.ts is asked to fill, in this variable (JSON). */
export const FILL_JOB_ENV = "BENCH_FILL_JOB";
export type FillJob = Pick<FillOptions, "scale" | "resources" | "firstDay" | "lastDay" | "fetchedAt">;

/** Stores each day of each resource; answers the records stored by resource. */
export async function fillMirror({ client, cache }: BenchMirror, options: FillOptions): Promise<Record<string, number>> {
  const dataset = new Dataset("salesdash", options.scale);
  const fetchedAt = options.fetchedAt ?? BENCH_NOW;
  const counts: Record<string, number> = Object.fromEntries(options.resources.map((r) => [r, 0]));
  for (let d = options.lastDay; d >= options.firstDay; d--) {
    const day = isoOfDay(d);
    for (const resource of options.resources) {
      // Records that break the schema are left out, as the client keeps them out of a day's records.
      const schema = RESOURCES[resource].schema;
      const records = dataset.dayRecords(benchAccounts.creator.scope, resource, d, BENCH_NOW).flatMap((r) => {
        const parsed = schema.safeParse(r);
        return parsed.success ? [parsed.data] : [];
      });
      counts[resource] = (counts[resource] ?? 0) + records.length;
      await cache.set(dayKey(client.identity, resource, day), { records, complete: true, fetchedAt });
    }
    if (options.progress && (options.lastDay - d) % 100 === 99) options.progress(`${day}: ${Object.entries(counts).map(([r, n]) => `${n} ${r}`).join(", ")}`);
  }
  return counts;
}

/** No filter, no value of any filter key. */
export const NO_FILTERS = Object.fromEntries(FILTER_KEYS.map((k) => [k, []])) as unknown as Record<FilterKey, string[]>;

/**
 * A report's params over the last two years in UTC at the sandbox's now (a zone behind UTC
 * would reach into tomorrow's UTC day), or over the last `days` filled when fewer; per month,
 * no comparison (the period before lies beyond the days filled).
 */
export function lastTwoYears(days: number): ReportParams {
  const preset = presetRange("last_two_years", "UTC", new Date(BENCH_NOW));
  const firstFilled = isoOfDay(BENCH_TODAY - days + 1);
  const range = { from: preset.from > firstFilled ? preset.from : firstFilled, to: preset.to };
  return { ...range, preset: "last_two_years", compare: "none", dating: "sale", granularity: "month", tz: "UTC", currency: null, filters: NO_FILTERS };
}

/** The fact stores a bench may open on its mirror's file. */
export type BenchFactStores = Pick<BenchMirrorOptions, "facts" | "orderFacts" | "cartFacts" | "eventFacts">;

export interface TempMirrorOptions<S> { name: string; scale: number; days: number; resources: readonly ListResource[]; serverSecret: string; stores(file: string): S }

export interface TempMirror<S> {
  dir: string;
  file: string;
  mirror: SqliteMirrorStore;
  bench: BenchMirror;
  /** The fact stores opened on the file. */
  stores: S;
  counts: Record<string, number>;
  /** Closes the mirror and removes its directory (the fact stores are the caller's to close). */
  remove(): Promise<void>;
}

/**
 * A new SQLite mirror file in a temporary directory, with the fact stores `stores` opens on it,
 * filled with the last `days` days (to the sandbox's today) of `resources`; it logs the fill.
 */
export async function fillTempMirror<S extends BenchFactStores>(options: TempMirrorOptions<S>): Promise<TempMirror<S>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `salesdash-${options.name}-`));
  const file = path.join(dir, "mirror.sqlite");
  const mirror = new SqliteMirrorStore(file);
  const stores = options.stores(file);
  const bench = openBenchMirror({ store: mirror, serverSecret: options.serverSecret, ...stores });
  console.log(`filling ${options.days} days at scale ${options.scale} (load ${loadAverage()})`);
  const started = performance.now();
  const counts = await fillMirror(bench, { scale: options.scale, resources: options.resources, firstDay: BENCH_TODAY - options.days + 1, lastDay: BENCH_TODAY });
  const filled = options.resources.map((r) => `${counts[r]} ${r}`).join(", ");
  console.log(`filled ${filled} in ${seconds(performance.now() - started)} s; file ${(fs.statSync(file).size / 1_048_576).toFixed(0)} MiB`);
  return {
    dir,
    file,
    mirror,
    bench,
    stores,
    counts,
    async remove() {
      await mirror.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
