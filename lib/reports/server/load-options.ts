import "server-only";

// What every report loader takes: the browser's signal, the report's progress, the deadline
// shared by all its fetches, and the currency decision of its other period.
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { comparisonRange, type DayRange } from "@/lib/analytics/compare";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { Deadline } from "@/lib/sales-api";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import type { OrderFactStore } from "@/lib/store/order-fact-store";
import type { CartFactStore } from "@/lib/store/cart-fact-store";
import type { EventFactStore } from "@/lib/store/event-fact-store";
import type { ReportProgress } from "@/lib/reports/report-progress";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import type { RangeOptions } from "@/lib/mirror/range-types";

export interface LoadOptions {
  signal?: AbortSignal;
  progress?: ReportProgress;
  /**
   * The assumed currency decided by the load of the report's shown period. A promise when the
   * comparison period is fetched side by side with it: awaited only once its records are in.
   */
  currency?: CurrencyAssumption | Promise<CurrencyAssumption>;
  /** The report's deadline, shared by all its fetches: a slow upstream holds a report, not each fetch, that long. */
  deadline?: Deadline;
  /** The purchases fact table beside the account's mirror: a filtered Revenue report reads it when it holds the range. */
  facts?: PurchaseFactStore;
  /** The orders fact table beside the account's mirror: the Orders report reads it when it holds the range. */
  orderFacts?: OrderFactStore;
  /** The carts fact table beside the account's mirror: the Abandonment report reads it when it holds the range. */
  cartFacts?: CartFactStore;
  /** False when the purchases fact table is not beside the carts' (the embedded purchases on DuckDB): the carts' store cannot make the Abandonment panels. */
  cartStoreReadsPurchases?: boolean;
  /** The refunds and chargebacks fact tables: the Refunds report dated by request and the payout calendar read them when they hold the range. */
  eventFacts?: EventFactStore;
}

/** The options with the report's deadline: the one given, else a new one for this load. */
export function withReportDeadline<O extends { deadline?: Deadline }>(client: MirroredClient, options: O): O & { deadline: Deadline } {
  return options.deadline ? (options as O & { deadline: Deadline }) : { ...options, deadline: client.reportDeadline() };
}

/** The options of one fetch of a report: its own progress channel, the report's signal and deadline. */
export function rangeOptions(options: LoadOptions): Pick<RangeOptions, "signal" | "deadline" | "onProgress" | "keepHeldOnOutage"> {
  // An upstream outage leaves a report with the days the mirror holds, the others flagged.
  return { signal: options.signal, deadline: options.deadline, onProgress: options.progress?.channel(), keepHeldOnOutage: true };
}

/**
 * The shown period's load and, side by side, the comparison period's, which takes the shown
 * period's currency decision once that is made. `currencyOf` reads it off the shown load.
 */
export async function withComparison<T>(shown: Promise<T>, currencyOf: (loaded: T) => CurrencyAssumption, comparison: ((currency: Promise<CurrencyAssumption>) => Promise<T>) | null): Promise<[T, T | null]> {
  const currency = shown.then(currencyOf);
  // Read by the comparison only after its fetches: a failed shown load must not go unhandled.
  currency.catch(() => undefined);
  return Promise.all([shown, comparison ? comparison(currency) : null]);
}

/**
 * A report's load of its range and, when it compares, of the comparison period (withComparison),
 * under one deadline for both: what the Orders, Refunds and Abandonment loaders start with.
 */
export async function loadBothPeriods<T extends { currency: CurrencyAssumption }>(client: MirroredClient, params: ReportParams, given: LoadOptions, load: (params: ReportParams, options: LoadOptions) => Promise<T>): Promise<{ options: LoadOptions & { deadline: Deadline }; comparison: DayRange | null; data: T; before: T | null }> {
  const options = withReportDeadline(client, given);
  const comparison = params.compare === "none" ? null : comparisonRange(params, params.compare);
  const [data, before] = await withComparison(
    load(params, options),
    (loaded) => loaded.currency,
    comparison && ((currency) => load({ ...params, ...comparison }, { ...options, currency })),
  );
  return { options, comparison, data, before };
}
