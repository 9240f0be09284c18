import "server-only";

// The carts query: a local range in a time zone and the Abandonment report's filters in; the
// range's carts out, read from the carts fact table (lib/store/cart-fact-store.ts) as the typed
// columns the report's panels read, instead of opening every sealed day of the range. The panels
// are then made by the functions the record engine uses (lib/analytics/abandonment-*), so each
// figure keeps one definition and the view is the records' view.
//
// Filters follow the report's CART_FILTERS (lib/reports/server/abandonment-records.ts) and
// record-filters: "none" is a cart without the value (null or "" in it), or one literally "none".
import type { IsoDay } from "@/lib/calendar";
import type { FilterKey } from "@/lib/report-params/definitions";
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import { cartRowOf } from "@/lib/store/cart-fact-sql";
import { CART_FACT_DIMENSIONS, type CartFactPlan, type CartFactRow, type CartFactStore } from "@/lib/store/cart-fact-store";
import { rangePlan } from "./range-plan";

export interface CartQuery {
  /** Local days, both inclusive, in `timeZone`. */
  from: IsoDay;
  to: IsoDay;
  timeZone: string;
  /** The report's filters (FilterKey → accepted values); empty lists accept all. */
  filters: Partial<Record<FilterKey, readonly string[]>>;
}

/** What the report's panels read of a cart: every field but the customer's. */
export type FactCart = Pick<
  AbandonedCart,
  | "checkoutId" | "sessionInitializedAt" | "productName" | "offerCode" | "paymentMethod" | "psp" | "cardBrand" | "shippingCountry" | "offerName" | "shippingState"
  | "checkoutVersion" | "sessionMode" | "lastDeclineCode" | "amountTransaction" | "attemptCount" | "attemptApprovedCount" | "attemptDeclinedCount" | "isRecovered"
  | "loadedAt" | "firstAttemptAt" | "firstApprovedAt" | "abandonedAt" | "purchasedAt"
>;

const isDimension = (key: string): key is (typeof CART_FACT_DIMENSIONS)[number] => (CART_FACT_DIMENSIONS as readonly string[]).includes(key);

export function cartPlan(query: CartQuery): CartFactPlan {
  // One bucket of a day is enough: the range's first instant and its end are the same for any granularity.
  const { range } = rangePlan(query.from, query.to, "day", query.timeZone);
  const filters: CartFactPlan["filters"] = {};
  for (const [key, accepted] of Object.entries(query.filters)) {
    if (isDimension(key) && accepted && accepted.length > 0) filters[key] = [...new Set(accepted)];
  }
  return { days: range.days, startMs: range.bucketStarts[0] ?? range.endMs, endMs: range.endMs, filters };
}

// The schema's timestamps are real instants: an instant written back reads as the same instant.
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A row as the cart the panels read: the record's values, its instants as timestamps. */
export function factCart(row: CartFactRow): FactCart {
  return {
    checkoutId: row.checkoutId,
    sessionInitializedAt: row.sessionText,
    productName: row.dims.product,
    offerCode: row.dims.offer,
    paymentMethod: row.dims.method,
    psp: row.dims.psp,
    cardBrand: row.dims.brand,
    shippingCountry: row.dims.country,
    offerName: row.offerName,
    shippingState: row.state,
    checkoutVersion: row.checkoutVersion,
    sessionMode: row.sessionMode,
    lastDeclineCode: row.declineCode,
    amountTransaction: row.amountCents / 100,
    attemptCount: row.attempts,
    attemptApprovedCount: row.approved,
    attemptDeclinedCount: row.declined,
    isRecovered: row.recovered,
    loadedAt: iso(row.loadedAt),
    firstAttemptAt: iso(row.firstAttemptAt),
    firstApprovedAt: iso(row.firstApprovedAt),
    abandonedAt: iso(row.abandonedAt),
    purchasedAt: iso(row.purchasedAt),
  };
}

/** The range's carts after the filters, in the records' order, each once (as fetchRange gives them). */
export async function queryCarts(store: CartFactStore, account: string, query: CartQuery): Promise<FactCart[]> {
  const seen = new Set<string>();
  const carts: FactCart[] = [];
  for (const values of await store.carts(account, cartPlan(query))) {
    const row = cartRowOf(values);
    if (seen.has(row.checkoutId)) continue;
    seen.add(row.checkoutId);
    carts.push(factCart(row));
  }
  return carts;
}
