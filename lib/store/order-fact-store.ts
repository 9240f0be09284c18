// The orders fact table: one typed row per order record of each day the mirror holds, the
// amount in integer cents, instants as epoch milliseconds, every field the Orders report
// filters by, shows or counts fulfilment with as a column, so the report is a few indexed
// aggregates instead of opening every sealed day of its range. No customer personal data
// (name, e-mail, phone, address lines, zipcode, card digits, tracking code): those stay in the
// sealed day blobs only. The rows of a day are replaced together, in one transaction, whenever
// the mirror stores that day (as the purchases fact table's). Rows are made by
// lib/query/order-facts.ts; queries are planned by lib/query/order-query.ts and run here.
import type { FactDayMeta, FactPageOf, FactPageRequestOf, FactPlanOf } from "./purchase-fact-store";
import type { DeliveryDaysId } from "@/lib/records/delivery-days";

/**
 * The Orders report's filters (its FILTERS in lib/reports/server/orders-report.ts), each a
 * column holding the value its filter compares: the record's raw value, "" for null or empty,
 * null for a record without the field (the filter choices leave those out); the card brand as
 * the report maps it ("none" for none).
 */
export const ORDER_FACT_DIMENSIONS = ["product", "offer", "method", "psp", "brand", "country"] as const;
export type OrderFactDimension = (typeof ORDER_FACT_DIMENSIONS)[number];

export interface OrderFactRow {
  orderId: number;
  /** checkoutInitializedAt (the column the report places an order by), epoch ms; null when unreadable. */
  createdAt: number | null;
  /** The first ten characters of checkoutInitializedAt as the record writes it (the comparison's data days read those). */
  recordDay: string;
  /** The record's own currency; "" when it came without one (placed at query time, as the report does). */
  currency: string;
  /** The offer code of a record without a currency ("" for none): what places its currency. */
  currencyOffer: string;
  /** The offer's name as the record gives it (the Offer filter's words). */
  offerName: string | null;
  dims: Record<OrderFactDimension, string | null>;
  /** amountTransaction in cents. */
  amountCents: number;
  /** Fulfilment (lib/analytics/fulfilment.ts): the raw fields, "" for none. */
  milestone: string;
  carrier: string;
  supplier: string;
  /** orderCompletedAt and deliveredAt as Date.parse reads them (as fulfilment does); null when absent or unreadable. */
  completedAt: number | null;
  deliveredAt: number | null;
  /** orderCreatedAt as Date.parse reads it (the delivery panels' days to delivery); null when absent or unreadable. */
  orderedAt: number | null;
  /** What the orders table sorts by and the columns above lack (lib/reports/server/order-rows.ts). */
  table: OrderTableKeys;
}

/**
 * The orders table's sort values the other columns do not hold, exactly as it reads them off a
 * record (its product, milestone and country are the product, milestone and country columns,
 * null read as ""): the time it shows, and the amount as the record gives it (for ordering only;
 * every figure is summed from amountCents).
 */
export interface OrderTableKeys {
  /** orderCreatedAt, else checkoutInitializedAt, as the record writes it: the table sorts by the text. */
  createdAt: string;
  /** amountTransaction. */
  amount: number;
}

/** The orders table's sort keys (ORDER_SORT_KEYS). */
export type OrderSortColumn = "createdAt" | "amount" | "product" | "milestone" | "country";

export type OrderPageRequest = FactPageRequestOf<OrderFactPlan, OrderSortColumn>;

/** Where an order of a page lives: its sealed day, and its position among the day's rows. */
export interface OrderPageItem { orderId: number; day: string; seq: number }

export type OrderPage = FactPageOf<OrderPageItem>;

/**
 * An orders aggregate, planned in lib/query/order-query.ts (instants, buckets, currency placement);
 * its filters' values are compared as lib/reports/server/record-filters does.
 */
export type OrderFactPlan = FactPlanOf<OrderFactDimension>;

/** The filtered orders of a plan's range, per placed currency. */
export interface OrderFactGroups {
  buckets: Array<{ currency: string; bucket: number; orders: number; cents: number }>;
  /** Fulfilment's fields, grouped; deliveryMs is deliveredAt − completedAt (null without both). */
  fulfilment: Array<{ currency: string; milestone: string; carrier: string; supplier: string; deliveryMs: number | null; orders: number }>;
  /** The records' own days (recordDay) with an order, any currency. */
  days: string[];
}

/** What the unfiltered range offers and tells: the filter choices, the offers, the currencies. */
export interface OrderFactChoices {
  /** Distinct values per dimension (index into ORDER_FACT_DIMENSIONS), null ones left out. */
  values: Array<{ dimension: number; value: string }>;
  /** Each offer (its column's value, null for none) with the products it was sold under. */
  offerProducts: Array<{ offer: string | null; product: string | null }>;
  /** Each offer's first name in the records' order (newest day first, a day in its stored order), by the offer's choice code. */
  labels: Array<{ code: string; label: string | null }>;
  /** Distinct (offer, currency) pairs of the rows carrying both. */
  currencies: Array<{ offer: string; currency: string }>;
  /** Rows without a currency, per offer ("" for none). */
  missing: Array<{ offer: string; orders: number }>;
}

/** A physical order (one with a tracking milestone) as the Refunds report's delivery panels read it; "" for a field it lacks. */
export interface DeliveryOrder {
  orderId: number;
  milestone: string;
  carrier: string;
  supplier: string;
  orderedAt: number | null;
  deliveredAt: number | null;
}

/** Physical orders of one milestone, carrier ("" without one) and days-to-delivery bucket, named or not by a refund / a chargeback: how many. */
export interface DeliveryGroup {
  milestone: string;
  carrier: string;
  bucket: DeliveryDaysId;
  refunded: boolean;
  chargedBack: boolean;
  orders: number;
}

export interface DeliveryLinks { refunded: readonly number[]; chargedBack: readonly number[]; withGroups: boolean }
export interface DeliveryPanels { groups: DeliveryGroup[] | null; named: DeliveryOrder[] }

export interface OrderFactStore {
  /** Replaces every row of the account's day by `rows`, atomically. */
  replaceDay(account: string, day: string, fetchedAt: number, rows: readonly OrderFactRow[]): Promise<void>;
  /** The days held, with when their records were fetched (to judge them as fresh as the mirror's). */
  readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]>;
  /** The filtered orders of the plan's range: per currency and bucket, fulfilment, data days. */
  aggregate(account: string, plan: OrderFactPlan): Promise<OrderFactGroups>;
  /** The plan's range [bucketStarts[0], endMs) before its filters: choices and currencies. */
  choices(account: string, plan: OrderFactPlan): Promise<OrderFactChoices>;
  /** One page of the orders table: the plan's rows after its filters, sorted by the store, with their total. */
  orderPage(account: string, request: OrderPageRequest): Promise<OrderPage>;
  /**
   * The Refunds report's delivery panels, from one snapshot: the physical orders (milestone not
   * "") of the plan's range after its filters grouped (DeliveryGroup; null without `withGroups`),
   * `refunded` and `chargedBack` naming order ids, and those of them whose id `refunded` names;
   * each in no particular order.
   */
  deliveryPanels(account: string, plan: OrderFactPlan, links: DeliveryLinks): Promise<DeliveryPanels>;
  /** Which of `ids` are rows of the plan's range after its filters, and where each lives (in the table's order of days and rows). */
  locateOrders(account: string, plan: OrderFactPlan, ids: readonly number[]): Promise<OrderPageItem[]>;
  /** Deletes every row of the account. */
  forget(account: string): Promise<void>;
  close(): Promise<void>;
}
