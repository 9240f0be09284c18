import "server-only";

// The fact tables the mirror writes beside its days, by resource: a day of records stored in
// the mirror replaces that day's rows in its resource's table (mirror-day-cache.ts). Each table
// is one entry here, its rows made by its maker in lib/query; mirror-access.ts gives the
// process's tables to the mirrored clients.
import { cartFactRows } from "@/lib/query/cart-facts";
import { eventFactRows } from "@/lib/query/event-facts";
import { orderFactRows } from "@/lib/query/order-facts";
import { purchaseCustomerCells, purchaseFactRows, type FactPurchase } from "@/lib/query/purchase-facts";
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import type { Order } from "@/lib/records/order";
import type { EventFactRow, EventFactStore, EventResource } from "@/lib/store/event-fact-store";
import type { FactDayMeta } from "@/lib/store/purchase-fact-store";

/** What the mirror needs of a fact store: its days' marks and a day's replacement (with the day's sealed part, for a table that keeps one). */
export interface FactDayStore<Row> {
  readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]>;
  replaceDay(account: string, day: string, fetchedAt: number, rows: readonly Row[], sealed?: Uint8Array | null): Promise<void>;
}

export interface FactTable {
  store: FactDayStore<never>;
  /** The table's rows of a day's records. */
  rowsOf(records: unknown[]): unknown[];
  /** What the table keeps of a day sealed, beside its rows (personal data a file writes); absent: nothing. */
  sealedOf?(records: unknown[]): unknown;
  /** The log event when a day's rows could not be written. */
  unwritten: string;
}

/** A resource's table: its store and how its rows are made. */
export function factTable<Row>(store: FactDayStore<Row>, rowsOf: (records: unknown[]) => Row[], unwritten: string, sealedOf?: (records: unknown[]) => unknown): FactTable {
  return { store: store as FactDayStore<never>, rowsOf, unwritten, ...(sealedOf && { sealedOf }) };
}

/** The name of the purchases table's sealed part: the CSV's customer cells of a day (purchaseCustomerCells). */
export const PURCHASE_CUSTOMERS_PART = "csv-customers";

export type FactTables = Partial<Record<string, FactTable>>;

export const purchaseFactTable = (store: FactDayStore<ReturnType<typeof purchaseFactRows>[number]>) =>
  factTable(store, (records) => purchaseFactRows(records as FactPurchase[]), "purchase_facts_unwritten", (records) => purchaseCustomerCells(records as FactPurchase[]));

export const orderFactTable = (store: FactDayStore<ReturnType<typeof orderFactRows>[number]>) =>
  factTable(store, (records) => orderFactRows(records as Order[]), "order_facts_unwritten");

export const cartFactTable = (store: FactDayStore<ReturnType<typeof cartFactRows>[number]>) =>
  factTable(store, (records) => cartFactRows(records as AbandonedCart[]), "cart_facts_unwritten");
/** A list of events (refunds, chargebacks): its table in the one store both lists share. */
export const eventFactTable = (store: EventFactStore, resource: EventResource) =>
  factTable<EventFactRow>(
    { readDayMeta: (account, days) => store.readDayMeta(account, resource, days), replaceDay: (account, day, fetchedAt, rows) => store.replaceDay(account, resource, day, fetchedAt, rows) },
    (records) => eventFactRows(resource, records),
    `${resource === "refunds" ? "refund" : "chargeback"}_facts_unwritten`,
  );

/** The fact stores a mirror writes beside its days; an absent one is not written. */
export interface FactStores {
  facts?: FactDayStore<ReturnType<typeof purchaseFactRows>[number]>;
  orderFacts?: FactDayStore<ReturnType<typeof orderFactRows>[number]>;
  cartFacts?: FactDayStore<ReturnType<typeof cartFactRows>[number]>;
  eventFacts?: EventFactStore;
}

/** Each store's table under the resource whose days it keeps. */
export function factTablesOf({ facts, orderFacts, cartFacts, eventFacts }: FactStores): FactTables {
  return {
    ...(facts && { purchases: purchaseFactTable(facts) }),
    ...(orderFacts && { orders: orderFactTable(orderFacts) }),
    ...(cartFacts && { "abandoned-carts": cartFactTable(cartFacts) }),
    ...(eventFacts && { refunds: eventFactTable(eventFacts, "refunds"), chargebacks: eventFactTable(eventFacts, "chargebacks") }),
  };
}
