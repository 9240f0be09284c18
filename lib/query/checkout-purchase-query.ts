import "server-only";

// The Abandonment report's purchases: a local range in a time zone and the report's filters in;
// the range's purchases out, as the columns its panels read (a checkout's front purchase, its
// currency and offer, the day it was placed), from the purchases fact table instead of opening
// every sealed day of the range. Their currency is placed afterwards, as the records' is.
//
// Filters are the report's purchase filters (abandonment-records.ts, record-filters): "none" is a
// purchase without the value (null or "" in it), or one literally "none", as the table's keys are.
import type { CheckoutPurchase } from "@/lib/analytics/abandonment-purchased-checkouts";
import { FILTER_DIMENSION } from "@/lib/analytics/filters";
import type { IsoDay } from "@/lib/calendar";
import type { FilterKey } from "@/lib/report-params/definitions";
import type { Purchase } from "@/lib/records/purchase";
import { checkoutOf } from "@/lib/store/checkout-fact-sql";
import type { PurchaseFactPlan, PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { rangePlan } from "./range-plan";

/** What the Abandonment report reads of a purchase: the record, or its row of the purchases fact table. */
export type ReportPurchase = CheckoutPurchase & Pick<Purchase, "checkoutInitializedAt">;

export interface CheckoutPurchaseQuery {
  /** Local days, both inclusive, in `timeZone`. */
  from: IsoDay;
  to: IsoDay;
  timeZone: string;
  /** The report's filters (FilterKey → accepted values); empty lists accept all. */
  filters: Partial<Record<FilterKey, readonly string[]>>;
  /** The filters the report applies to purchases; the others do not narrow them. */
  keys: readonly FilterKey[];
}

export function checkoutPlan(query: CheckoutPurchaseQuery): PurchaseFactPlan {
  // One bucket of a day is enough: the range's first instant and its end are the same for any granularity.
  const { range } = rangePlan(query.from, query.to, "day", query.timeZone);
  const filters: PurchaseFactPlan["filters"] = {};
  for (const key of query.keys) {
    const accepted = query.filters[key];
    if (accepted && accepted.length > 0) filters[FILTER_DIMENSION[key]] = [...new Set(accepted)];
  }
  return { ...range, bucketStarts: range.bucketStarts.slice(0, 1), filters, currency: { offers: [], setting: null } };
}

/** The range's purchases after the filters, in the records' order, each once (as fetchRange gives them); their currency as the record gives it. */
export async function queryCheckoutPurchases(store: PurchaseFactStore, account: string, query: CheckoutPurchaseQuery): Promise<ReportPurchase[]> {
  // A Map keeps its first insertion's place: each purchase once, where it first came.
  const byId = new Map<number, ReportPurchase>();
  for (const values of await store.checkouts(account, checkoutPlan(query))) {
    const row = checkoutOf(values);
    if (!byId.has(row.purchaseId)) byId.set(row.purchaseId, { checkoutId: row.checkoutId, purchaseType: row.purchaseType, currency: row.currency, offerCode: row.offerCode, checkoutInitializedAt: row.createdText });
  }
  return [...byId.values()];
}
