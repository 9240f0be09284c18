// Orders for the orders fact store's tests, from the sandbox's own generator (no server): each
// UTC day's orders of the creator account as the client parses them, with the shapes the field
// notes warn about mixed in (no currency, no offer, fields empty, null or absent, a product
// literally named "none", no card brand, no tracking, an offer under other names, an order sent
// twice), and the record engine that stays the oracle: the Orders report's own loader over a
// client answering those days.
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import type { Granularity } from "@/lib/analytics/bucket-index";
import { orderFactRows } from "@/lib/query/order-facts";
import type { FilterKey, ReportParams } from "@/lib/report-params/definitions";
import { orderSchema, type Order } from "@/lib/records/order";
import type { OrderFactStore } from "@/lib/store/order-fact-store";
import { FIRST_DAY, heldClient, heldDayRecords, heldRange, LAST_DAY, NOW, oncePerKey, parsedBy, sandboxDays, sentTwiceOnSomeDays, utcDays } from "./held-days";
import { reportParams } from "./purchase-facts-fixture";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export { NOW, FIRST_DAY, LAST_DAY, utcDays } from "./held-days";

export function without<T extends object>(o: T, ...keys: Array<keyof T>): T {
  const copy = { ...o };
  for (const key of keys) delete copy[key];
  return copy;
}

function oddly(o: Order): Order {
  const id = o.orderId;
  if (id % 31 === 0) return { ...o, currency: undefined } as unknown as Order;
  if (id % 37 === 0) return { ...o, currency: undefined, offerCode: null } as unknown as Order;
  if (id % 29 === 0) return { ...o, productName: "", cardBrand: null, paymentMethod: null };
  if (id % 23 === 0) return without(o, "productName", "shippingCountry", "psp", "offerCode");
  if (id % 19 === 0) return { ...o, productName: "none", shippingCountry: "", cardBrand: "" };
  if (id % 17 === 0) return { ...o, lastTrackingMilestone: null, trackingCarrier: null, supplierName: "" };
  if (id % 13 === 0) return { ...o, trackingCarrier: "", supplierName: null, orderCompletedAt: null };
  // An offer renamed: the Offer filter's words are its first name in the records' order.
  if (id % 11 === 0) return { ...o, offerName: `${o.offerName ?? ""} (${id})` };
  return o;
}

/** Each UTC day's orders of the sandbox's creator account, newest first as the API sends them. */
export const orderDays = oncePerKey<void, Map<string, Order[]>>(() =>
  heldDayRecords(sandboxDays("creator", "orders"), (raw, day) => sentTwiceOnSomeDays(day, parsedBy(orderSchema, raw).map(oddly))),
);

export const allOrders = (): Order[] => [...orderDays().values()].flat();

/** Writes every held day into the store, as the mirror does when it stores a day. */
export async function fillOrderFactStore(store: OrderFactStore, account = "creator"): Promise<void> {
  for (const [day, records] of orderDays()) await store.replaceDay(account, day, NOW, orderFactRows(records));
}

const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The held days (fillOrderFactStore), and the few days around them a local range's UTC days reach held empty, as the mirror stores a day without orders. */
export async function fillOrderWindows(store: OrderFactStore, account = "creator"): Promise<void> {
  await fillOrderFactStore(store, account);
  for (const day of [...utcDays(shiftDay(FIRST_DAY, -5), shiftDay(FIRST_DAY, -1)), ...utcDays(shiftDay(LAST_DAY, 1), shiftDay(LAST_DAY, 3))]) await store.replaceDay(account, day, NOW, []);
}

/** A client that answers the held days of orders (what the mirror would): records, or a day's mark when a report asks for it. */
export function heldOrdersClient(): MirroredClient {
  const days = orderDays();
  return heldClient("creator", async (_resource, window, options) => heldRange("orders", days, window, options, (o) => o.orderId));
}

export interface OrdersQuery {
  from: string;
  to: string;
  timeZone: string;
  granularity: Granularity;
  filters: Partial<Record<FilterKey, string[]>>;
  currency: CurrencyAssumption;
  /** The report's currency choice (null: every currency). */
  shownCurrency?: string | null;
}

/** The report's parameters of the query: as the Revenue report's (reportParams), with the currency shown. */
export function ordersParams(query: OrdersQuery, compare: ReportParams["compare"] = "none"): ReportParams {
  return { ...reportParams({ ...query, keyType: "creator" }, compare), currency: query.shownCurrency ?? null };
}
