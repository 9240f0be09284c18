// The abandoned-carts fact table: one typed row per cart of each day the mirror holds, the
// value in integer cents, instants as epoch milliseconds, every field the Abandonment report
// groups, filters or counts by as a column, so the report reads the typed columns of its
// filtered carts instead of opening every sealed day of its range. No customer personal data
// (name, e-mail, phone, city, card digits): those stay in the sealed day blobs only. The rows of
// a day are replaced together, in one transaction, whenever the mirror stores that day (as the
// orders'). Rows are made by lib/query/cart-facts.ts; queries are planned by
// lib/query/cart-query.ts and run here.
import type { CartPanelGroups, CartPanelPlan } from "./cart-panel-store";
import type { FactDayMeta } from "./purchase-fact-store";

/**
 * The Abandonment report's filters on carts (CART_FILTERS in
 * lib/reports/server/abandonment-records.ts), each column holding the cart's raw value (null
 * for null or absent): the store compares them as the report does ("none" for a cart without
 * the value, null or "" in it, or literally "none").
 */
export const CART_FACT_DIMENSIONS = ["product", "offer", "method", "psp", "brand", "country"] as const;
export type CartFactDimension = (typeof CART_FACT_DIMENSIONS)[number];

export interface CartFactRow {
  checkoutId: string;
  /** sessionInitializedAt (the instant the report places a cart by), epoch ms. */
  sessionAt: number;
  /** sessionInitializedAt as the record writes it: the comparison's data days read its first ten characters, as written. */
  sessionText: string;
  dims: Record<CartFactDimension, string | null>;
  offerName: string | null;
  state: string | null;
  checkoutVersion: string | null;
  sessionMode: string | null;
  declineCode: string | null;
  /** amountTransaction in cents. */
  amountCents: number;
  /** The attempt counts as the record gives them (null when absent: the report reads 0). */
  attempts: number | null;
  approved: number | null;
  declined: number | null;
  /** isRecovered === true. */
  recovered: boolean;
  /** The funnel's and the recovery's instants, epoch ms; null when absent. */
  loadedAt: number | null;
  firstAttemptAt: number | null;
  firstApprovedAt: number | null;
  abandonedAt: number | null;
  purchasedAt: number | null;
}

/** The carts of a local range: sessionAt in [startMs, endMs), within the stored UTC days, after the filters. */
export interface CartFactPlan {
  /** The UTC days whose stored records the report reads (both inclusive). */
  days: { from: string; to: string };
  startMs: number;
  endMs: number;
  /** Per dimension, the accepted values; an absent or empty list accepts all. */
  filters: Partial<Record<CartFactDimension, readonly string[]>>;
}

/** A cart's row as the store answers it: CART_ROW_COLUMNS' values in order (PostgreSQL's BIGINT as text). */
export type CartRowValues = Array<string | number | null>;

export interface CartFactStore {
  /** Replaces every row of the account's day by `rows`, atomically. */
  replaceDay(account: string, day: string, fetchedAt: number, rows: readonly CartFactRow[]): Promise<void>;
  /** The days held, with when their records were fetched (to judge them as fresh as the mirror's). */
  readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]>;
  /**
   * The plan's carts in the records' order (newest day first, a day in its stored order): their
   * typed columns only, each as its values in CART_ROW_COLUMNS' order (cartRowOf reads one). Arrays,
   * not objects: a report reads every cart of its range, and from the worker thread an object's
   * names are copied with each row.
   */
  carts(account: string, plan: CartFactPlan): Promise<CartRowValues[]>;
  /**
   * The Abandonment report's panels as aggregates of the plan's carts (each once, as `carts`
   * gives them) and of the same range's purchases in the purchases fact table beside this one
   * (the same SQLite file or PostgreSQL database): no row leaves the store (cart-panel-sql.ts).
   */
  cartPanels(account: string, plan: CartPanelPlan): Promise<CartPanelGroups>;
  /** Deletes every row of the account. */
  forget(account: string): Promise<void>;
  close(): Promise<void>;
}
