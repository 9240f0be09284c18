import "server-only";

// The way into the mirror: the process's one store (kept on the process state, like every
// other shared store), the configured freshness policy, and the mirrored clients reports read
// through (range-reader.ts), over the account's mirror or, without a server secret, over the
// process's memory.
import { getServerEnv } from "@/lib/env";
import { createSalesApiClient, type SalesApiClientOptions } from "@/lib/sales-api";
import type { MirrorStore } from "@/lib/store/mirror-store";
import { cartFactStore, eventFactStore, mirrorStore, orderFactStore, purchaseFactStore, purchasesBesideCarts } from "@/lib/store/app-stores";
import { getProcessState, processShared } from "@/lib/store/process-state";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import type { OrderFactStore } from "@/lib/store/order-fact-store";
import type { CartFactStore } from "@/lib/store/cart-fact-store";
import type { EventFactStore } from "@/lib/store/event-fact-store";
import { DEFAULT_FRESHNESS, parseFreshnessPolicy, type FreshnessPolicy } from "./freshness-policy";
import { DAY_DIGESTERS } from "./day-digesters";
import { deriveMirrorKey } from "./mirror-cipher";
import { MirrorDayCache } from "./mirror-day-cache";
import { MemoryDayStore } from "./memory-day-store";
import { mirrorOver, type MirroredClient } from "./range-reader";
import { factTablesOf, type FactStores } from "./fact-tables";

export const getMirrorStore = (): MirrorStore => mirrorStore();

// The fact tables beside the mirror (lib/store/app-stores.ts opens them).
export const getPurchaseFactStore = (): PurchaseFactStore => purchaseFactStore();
export const getOrderFactStore = (): OrderFactStore => orderFactStore();
export const getCartFactStore = (): CartFactStore => cartFactStore();
export const getEventFactStore = (): EventFactStore => eventFactStore();

// The fact tables reports may read: only where clients are mirrored (a server secret is set), as only then are they written.
const whereWritten = <S>(open: () => S): S | undefined => (getServerEnv().AUTH_SECRET ? open() : undefined);
export const getReportFactStore = () => whereWritten(getPurchaseFactStore);
export const getReportOrderFactStore = () => whereWritten(getOrderFactStore);
export const getReportCartFactStore = () => whereWritten(getCartFactStore);
/** Whether the carts' store can make the Abandonment panels: the purchases table is beside its carts. */
export const cartStoreReadsPurchases = (): boolean => purchasesBesideCarts();
export const getReportEventFactStore = () => whereWritten(getEventFactStore);

/** The process's fact stores, one for each of FactStores' (a store added there must be added here): a mirrored client writes them, forgetting an account deletes its rows from each. */
export type ProcessFactStores = { [K in keyof FactStores]-?: NonNullable<FactStores[K]> & { forget(account: string): Promise<void> } };

export function getFactStores(): ProcessFactStores {
  return { facts: getPurchaseFactStore(), orderFacts: getOrderFactStore(), cartFacts: getCartFactStore(), eventFacts: getEventFactStore() };
}

/**
 * Days in the process's memory: the mirror's store when no server secret is set, and the days
 * the persistent mirror opened recently (paging a table does not decrypt its range again).
 */
export function getMirrorMemory(): { days: MemoryDayStore } {
  return processShared("mirror-memory", () => ({ days: new MemoryDayStore() }));
}

let policy: { text: string | undefined; value: FreshnessPolicy } | undefined;

export function getFreshnessPolicy(): FreshnessPolicy {
  const text = getServerEnv().SALESDASH_FRESHNESS;
  if (!policy || policy.text !== text) policy = { text, value: text ? parseFreshnessPolicy(text) : DEFAULT_FRESHNESS };
  return policy.value;
}

export interface MirroredClientOptions extends SalesApiClientOptions {
  /** For tests: the store, policy and clock; the process's and the configured ones otherwise. */
  mirror?: { store?: MirrorStore; policy?: FreshnessPolicy; clock?: () => number; serverSecret?: string; facts?: PurchaseFactStore; orderFacts?: OrderFactStore; cartFacts?: CartFactStore; eventFacts?: EventFactStore };
}

/**
 * A client whose days come from the account's mirror when fresh and are written back when
 * fetched. Without a server secret nobody can sign in, and no key could be derived: the
 * mirror then keeps days in memory only.
 */
export function createMirroredClient(options: MirroredClientOptions): MirroredClient {
  const secret = options.mirror?.serverSecret ?? getServerEnv().AUTH_SECRET;
  // The mirror judges a day's freshness by its clock: the day is stamped by the same one.
  const clock = options.clock ?? options.mirror?.clock;
  const upstream = createSalesApiClient({ ...options, clock });
  if (!secret) return mirrorOver(upstream, getMirrorMemory().days, clock);
  const store = options.mirror?.store ?? getMirrorStore();
  const key = deriveMirrorKey(secret, options.credential);
  const freshness = options.mirror?.policy ?? getFreshnessPolicy();
  // The process's fact table goes with the process's mirror (the sync's and the session's
  // clients); a mirror given by a test or a benchmark has none unless one is given with it.
  const processMirror = store === getProcessState().mirror;
  const processStores = processMirror ? getFactStores() : undefined;
  const factTables = factTablesOf({
    facts: options.mirror?.facts ?? processStores?.facts,
    orderFacts: options.mirror?.orderFacts ?? processStores?.orderFacts,
    cartFacts: options.mirror?.cartFacts ?? processStores?.cartFacts,
    eventFacts: options.mirror?.eventFacts ?? processStores?.eventFacts,
  });
  return mirrorOver(upstream, new MirrorDayCache(store, upstream.identity, key, freshness, options.mirror?.clock, getMirrorMemory().days, DAY_DIGESTERS, factTables), clock);
}
