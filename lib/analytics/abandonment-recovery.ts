// Recovered carts: how long after abandonment customers came back and paid, and the value
// recovered over time (placed by purchasedAt, the moment the money came in).
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import { CentsByCurrency, type CartCurrencyOptions, cartCurrencyResolver, type CurrencyTotal } from "./abandonment-currency";
import { median, minutesBetween, percentile } from "./abandonment-quantiles";
import { abandonedSeries, type AbandonmentSeriesOptions } from "./abandonment-series";
import { timestampMs } from "@/lib/timestamps";
import type { CurrencyBuckets } from "./time-buckets";

export type RecoveryCart = Pick<AbandonedCart, "isRecovered" | "abandonedAt" | "purchasedAt" | "amountTransaction" | "sessionInitializedAt">;

export type RecoveryDelayKey = "under1h" | "1to6h" | "6to24h" | "1to3d" | "over3d";

const HOUR = 60;

/** Delay buckets in minutes: from (inclusive) and to (exclusive), except "1–3 days", which
 *  holds exactly 72 h too, since "> 3 days" means more than 72 h. */
export const RECOVERY_DELAY_BUCKETS = [
  { key: "under1h", label: "< 1 h", fromMinutes: 0, toMinutes: HOUR },
  { key: "1to6h", label: "1–6 h", fromMinutes: HOUR, toMinutes: 6 * HOUR },
  { key: "6to24h", label: "6–24 h", fromMinutes: 6 * HOUR, toMinutes: 24 * HOUR },
  { key: "1to3d", label: "1–3 days", fromMinutes: 24 * HOUR, toMinutes: 72 * HOUR },
  { key: "over3d", label: "> 3 days", fromMinutes: 72 * HOUR, toMinutes: Infinity },
] as const satisfies readonly { key: RecoveryDelayKey; label: string; fromMinutes: number; toMinutes: number }[];

export interface RecoveryDelays {
  /** Carts with isRecovered true. */
  recoveredCarts: number;
  /** Recovered carts with abandonedAt and purchasedAt in order: those the delays describe. */
  measured: number;
  /** Recovered carts without both timestamps, or with purchasedAt before abandonedAt. */
  unmeasured: number;
  /** Minutes from abandonedAt to purchasedAt; null without measured carts. */
  medianMinutes: number | null;
  /** Nearest-rank 90th percentile: 90% of measured carts came back within it. */
  p90Minutes: number | null;
  buckets: { key: RecoveryDelayKey; label: string; carts: number }[];
  /** Recovered carts and value per currency. */
  recovered: CurrencyTotal[];
}

function bucketOf(minutes: number): number {
  if (minutes <= 72 * HOUR) {
    for (let i = 0; i < 3; i++) if (minutes < RECOVERY_DELAY_BUCKETS[i]!.toMinutes) return i;
    return 3;
  }
  return 4;
}

export function recoveryDelays<C extends RecoveryCart>(carts: readonly C[], options: CartCurrencyOptions<C> = {}): RecoveryDelays {
  const currencyOf = cartCurrencyResolver(options);
  const sums = new CentsByCurrency();
  const minutes: number[] = [];
  const counts = [0, 0, 0, 0, 0];
  let recoveredCarts = 0;
  for (const cart of carts) {
    if (cart.isRecovered !== true) continue;
    recoveredCarts++;
    sums.add(currencyOf(cart), cart.amountTransaction);
    if (!cart.abandonedAt || !cart.purchasedAt) continue;
    const m = minutesBetween(timestampMs(cart.abandonedAt), timestampMs(cart.purchasedAt));
    if (m === null) continue;
    minutes.push(m);
    counts[bucketOf(m)]!++;
  }
  return recoveryDelaysOf({ recoveredCarts, medianMinutes: median(minutes), p90Minutes: percentile(minutes, 90), counts, sums });
}

/** What the delays are made of: counted here, or by a fact store (lib/query/cart-panels.ts). */
export interface RecoverySums {
  recoveredCarts: number;
  medianMinutes: number | null;
  p90Minutes: number | null;
  /** Measured carts per delay bucket. */
  counts: readonly number[];
  sums: CentsByCurrency;
}

export function recoveryDelaysOf({ recoveredCarts, medianMinutes, p90Minutes, counts, sums }: RecoverySums): RecoveryDelays {
  const measured = counts.reduce((n, c) => n + c, 0);
  return {
    recoveredCarts,
    measured,
    unmeasured: recoveredCarts - measured,
    medianMinutes,
    p90Minutes,
    buckets: RECOVERY_DELAY_BUCKETS.map(({ key, label }, i) => ({ key, label, carts: counts[i]! })),
    recovered: sums.totals(),
  };
}

/** The delay bucket of a delay in milliseconds, as bucketOf places its minutes: for a store's grouping. */
export const DELAY_BUCKET_MS: readonly [number, number, number, number] = [HOUR * 60_000, 6 * HOUR * 60_000, 24 * HOUR * 60_000, 72 * HOUR * 60_000];

/** Per currency, recovered carts and value in each bucket of purchasedAt. */
export function recoveredSeries<C extends RecoveryCart>(carts: readonly C[], options: Omit<AbandonmentSeriesOptions<C>, "dateOf">): CurrencyBuckets[] {
  return abandonedSeries(
    carts.filter((cart) => cart.isRecovered === true),
    { ...options, dateOf: (cart) => cart.purchasedAt },
  );
}
