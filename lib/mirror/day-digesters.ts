import "server-only";

// The digests the mirror keeps beside each day's records, by resource. Only the Revenue
// report's purchases have one yet: the report merges a day's summary instead of its records.
import { PURCHASE_SUMMARY } from "@/lib/analytics/purchase-summary";
import type { DayDigester } from "@/lib/sales-api/day-cache";
import type { DayDigesters } from "./mirror-day-cache";

export const DAY_DIGESTERS: DayDigesters = { purchases: PURCHASE_SUMMARY as DayDigester };
