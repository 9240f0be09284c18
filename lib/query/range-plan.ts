import "server-only";

// What every fact query's plan shares (purchases, orders): the UTC days to read, the local
// buckets' instants, and how a record without a currency is placed.
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import type { Granularity } from "@/lib/analytics/bucket-index";
import { utcFetchWindow } from "@/lib/analytics/local-days";
import type { IsoDay } from "@/lib/calendar";
import type { PurchaseFactPlan } from "@/lib/store/purchase-fact-store";
import { bucketBounds } from "./bucket-starts";

/** The days and buckets of a local range, with the buckets' keys (the series' labels). */
export function rangePlan(from: IsoDay, to: IsoDay, granularity: Granularity, timeZone: string): { keys: readonly string[]; range: Pick<PurchaseFactPlan, "days" | "bucketStarts" | "endMs"> } {
  const bounds = bucketBounds(from, to, granularity, timeZone);
  return { keys: bounds.keys, range: { days: utcFetchWindow(from, to, timeZone), bucketStarts: bounds.starts, endMs: bounds.endMs } };
}

/** The currency placement as the store applies it: an offer's told currency, else the setting, else "unknown" per offer. */
export function currencyPlan(assumption: CurrencyAssumption | undefined): PurchaseFactPlan["currency"] {
  if (!assumption) return { offers: [], setting: null };
  return { offers: Object.entries(assumption.offers).map(([offer, told]) => [offer, told.currency] as const), setting: assumption.source === "setting" ? assumption.currency : null };
}
