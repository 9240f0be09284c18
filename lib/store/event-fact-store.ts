// The refunds and chargebacks fact tables: one typed row per refund or chargeback record of
// each day the mirror holds, so a report reads a range of events as indexed rows instead of
// opening every sealed day. The contract lists these records without fields: each column is
// read where the reports read it (lib/query/event-facts.ts says which field). No customer
// personal data (name, e-mail, phone, address, zipcode, card digits, tracking code): those stay
// in the sealed day blobs only. The rows of a day are replaced together, in one transaction,
// whenever the mirror stores that day, as the purchases' and the orders' are.
import type { FactDayMeta } from "./purchase-fact-store";

/** The two event lists, each a table of the same shape. */
export const EVENT_RESOURCES = ["refunds", "chargebacks"] as const;
export type EventResource = (typeof EVENT_RESOURCES)[number];

/**
 * The Refunds report's filters these records answer (REFUND_FILTER_KEYS), each the value its
 * filter compares (`String(value || "none")`), null for a record without the field: such a
 * record passes that filter (the report's absentPasses).
 */
export const EVENT_FACT_DIMENSIONS = ["product", "offer", "type", "method", "psp", "affiliate"] as const;
export type EventFactDimension = (typeof EVENT_FACT_DIMENSIONS)[number];

export interface EventFactRow {
  /** The record's id (its resource's idFields, first present) as text; "" without one. */
  eventId: string;
  /** The sale it names (saleIdOf); null when it names none. */
  saleId: number | null;
  /** The instant it is dated by (its resource's first filter column present), epoch ms; null when unreadable. */
  at: number | null;
  /**
   * Its own currency: null when the record has none (null or absent: the named sale's is used),
   * "" when it holds one the report cannot read (the report's fallback), else lower case.
   */
  currency: string | null;
  /** The amount in cents, as every page reads it (refund: amount, amountRefunded, refundAmount; chargeback: amount, amountTransaction); 0 without one. */
  amountCents: number;
  /** A refund whose refundType says "full". */
  fullType: boolean;
  /** A dispute opened (every chargeback but an alert; every refund), and one the seller won (sale-losses.ts). */
  dispute: boolean;
  won: boolean;
  /** resolvedAt, epoch ms; null when absent or unreadable. */
  resolvedAt: number | null;
  /** The days-to-refund bucket (lib/analytics/refund-days.ts) of a refund; null without both dates. */
  daysBucket: number | null;
  /** When the sale it names was made (purchaseCreatedAt), epoch ms; null when absent or unreadable: where a report dated by request looks the sale up. */
  saleAt: number | null;
  /** The order it names, as text (the delivery panel looks orders up by it); null without one. */
  orderId: string | null;
  /** What the records table and a breakdown may group by, raw ("" for null): status, kind, reason. */
  status: string | null;
  kind: string | null;
  reason: string | null;
  dims: Record<EventFactDimension, string | null>;
}

/**
 * What the reports read of a row (the Refunds report's figures, tables and delivery panels, the
 * alerts' explanations): what `events` answers. The rest of a row stays in the table: the
 * dimensions are what its filters compare.
 */
export type EventFigureRow = Pick<EventFactRow, "saleId" | "at" | "currency" | "amountCents" | "fullType" | "dispute" | "won" | "daysBucket" | "saleAt" | "orderId">;

/** A range of one list's events: its stored days, the instants [fromMs, toMs) and the URL's filters. */
export interface EventFactQuery {
  /** The UTC days whose stored records the report reads (both inclusive). */
  days: { from: string; to: string };
  /** Absent: every row of the days, dated or not (the payout calendar counts the undated ones too). */
  fromMs?: number;
  toMs?: number;
  /** Per dimension, the accepted values; an absent or empty list accepts all; a row without the field passes. */
  filters: Partial<Record<EventFactDimension, readonly string[]>>;
}

import type { PayoutLossColumns } from "@/lib/records/payout-loss-columns";
import type { EventFactColumns } from "./event-fact-columns";

export interface EventFactStore {
  /** Replaces every row of the account's day of `resource` by `rows`, atomically. */
  replaceDay(account: string, resource: EventResource, day: string, fetchedAt: number, rows: readonly EventFactRow[]): Promise<void>;
  /** The days of `resource` held, with when their records were fetched. */
  readDayMeta(account: string, resource: EventResource, days: readonly string[]): Promise<FactDayMeta[]>;
  /** The rows of the query's range after its filters, in the order the mirror stored them (day, then position): the records' order; the fields the reports read (EventFigureRow). As columns (event-fact-columns.ts: eventRowsOf reads them as rows). */
  events(account: string, resource: EventResource, query: EventFactQuery): Promise<EventFactColumns>;
  /** The disputes opened (`dispute`) of the stored days, dated or not, in the records' order (events'): six columns of each, not thirty. */
  lossRows(account: string, resource: EventResource, days: { from: string; to: string }): Promise<PayoutLossColumns>;
  /** Deletes every row of the account, both lists. */
  forget(account: string): Promise<void>;
  close(): Promise<void>;
}
