import "server-only";

// The digests the mirror keeps beside each day's records, by resource. The Revenue report's
// purchases: the report merges a day's summary instead of its records. Orders: only the day's
// count, so the Orders report learns which days are held and when they were fetched (its fetch
// report, invalid records included) without opening them, and reads the orders fact table;
// refunds and chargebacks likewise, for their tables.
import { PURCHASE_SUMMARY } from "@/lib/analytics/purchase-summary";
import type { DayDigester } from "./day-store";
import type { DayDigesters } from "./mirror-day-cache";

/** An orders day's mark: its count of records (what the fetch report needs is kept beside any digest). */
export const ORDER_DAY_MARK: DayDigester<unknown, number> = { name: "orders-day-v1", of: (records) => records.length };

/** An abandoned-carts day's mark, as the orders': the Abandonment report reads the carts fact table. */
export const CART_DAY_MARK: DayDigester<unknown, number> = { name: "carts-day-v1", of: (records) => records.length };

/** A refunds or chargebacks day's mark, as the orders': the reports reading their fact tables learn the days held without opening them. */
export const EVENT_DAY_MARK: DayDigester<unknown, number> = { name: "events-day-v1", of: (records) => records.length };

export const DAY_DIGESTERS: DayDigesters = {
  purchases: PURCHASE_SUMMARY as DayDigester,
  orders: ORDER_DAY_MARK as DayDigester,
  "abandoned-carts": CART_DAY_MARK as DayDigester,
  refunds: EVENT_DAY_MARK as DayDigester,
  chargebacks: EVENT_DAY_MARK as DayDigester,
};
