import "server-only";

// The Abandonment report's carts from the carts fact table (lib/query/cart-query.ts), when the
// table holds every day of both periods as the mirror served them (the same fetch time, none left
// unfetched); null otherwise, and the report reads the carts' records. Which days are held and
// when they were fetched comes from the mirror's carts day marks (day-digesters.ts), as the
// Orders report's does (orders-facts.ts): no sealed day is opened, and any day the mirror lacks
// or holds stale is fetched first, which writes its rows.
import { comparisonRange } from "@/lib/analytics/compare";
import { utcFetchWindow } from "@/lib/analytics/local-days";
import { CART_DAY_MARK } from "@/lib/mirror/day-digesters";
import { queryCarts, type FactCart } from "@/lib/query/cart-query";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { CartFactStore } from "@/lib/store/cart-fact-store";
import type { CartsOf } from "./abandonment-records";
import { rangeOptions, type LoadOptions } from "./load-options";
import { factsHold } from "./facts-hold";
import type { RangeResult } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import type { DayDigester } from "@/lib/mirror/day-store";

/** Each period's carts day marks by its fetch window, when the table holds every day of both periods as the mirror served them; else null. */
export type HeldCartMarks = (window: { from: string; to: string }) => RangeResult<"abandoned-carts">;

export async function heldCartMarks(client: MirroredClient, params: ReportParams, options: LoadOptions, facts: CartFactStore): Promise<HeldCartMarks | null> {
  const comparison = params.compare === "none" ? null : comparisonRange(params, params.compare);
  const windows = [params, ...(comparison ? [comparison] : [])].map((range) => utcFetchWindow(range.from, range.to, params.tz));
  // Both periods' marks side by side, within the credential's rate limit, as the records' loads are.
  const marks = await Promise.all(windows.map((window) => client.fetchRange("abandoned-carts", window, { ...rangeOptions(options), digest: { digester: CART_DAY_MARK as DayDigester, marks: true } })));
  if (!(await factsHold(facts, client.identity, marks.map((m) => m.report)))) return null;
  const key = (window: { from: string; to: string }) => `${window.from}/${window.to}`;
  const byWindow = new Map(windows.map((window, i) => [key(window), marks[i]!]));
  return (window) => byWindow.get(key(window))!;
}

/** Whether any cart of the fetched days is to be told a currency (carts carry none): all the currency decision reads of them. */
export const anyCart = (held: RangeResult<"abandoned-carts">): boolean => [...held.digests.values()].some((count) => (count as number) > 0);

/** The carts of the report's periods from the table (held: heldCartMarks'). */
export function factCartsOf(client: MirroredClient, held: HeldCartMarks, facts: CartFactStore): CartsOf<FactCart> {
  return async (_client, period, window) => {
    const marks = held(window);
    const carts = await queryCarts(facts, client.identity, { from: period.from, to: period.to, timeZone: period.tz, filters: period.filters });
    return { carts, report: marks.report, offered: anyCart(marks) ? [{ offerCode: null, currency: null }] : [] };
  };
}
