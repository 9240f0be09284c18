// Abandoned carts over time, per currency, through the same bucketing as revenue
// (revenueSeries): local days, weeks, months or hours, empty buckets included.
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import { cartCurrencyResolver, type CartCurrencyOptions } from "./abandonment-currency";
import type { IsoDay } from "@/lib/calendar";
import { revenueSeries, type CurrencyBuckets, type Granularity } from "./time-buckets";

export interface AbandonmentSeriesOptions<C> extends CartCurrencyOptions<C> {
  /** Local days, both inclusive. */
  from: IsoDay;
  to: IsoDay;
  granularity: Granularity;
  timeZone: string;
  /** The timestamp that places a cart; sessionInitializedAt by default, the one the API
   *  filters carts by, so the series adds up to the period's carts. */
  dateOf?: (cart: C) => string | null | undefined;
}

/** Per currency, the count and value (amountTransaction) of carts in each bucket. */
export function abandonedSeries<C extends Pick<AbandonedCart, "amountTransaction" | "sessionInitializedAt">>(
  carts: readonly C[],
  options: AbandonmentSeriesOptions<C>,
): CurrencyBuckets[] {
  const currencyOf = cartCurrencyResolver(options);
  const dateOf = options.dateOf ?? ((cart: C) => cart.sessionInitializedAt);
  const records = carts.map((cart) => ({ currency: currencyOf(cart), cart }));
  return revenueSeries(records, {
    from: options.from,
    to: options.to,
    granularity: options.granularity,
    timeZone: options.timeZone,
    value: (r) => r.cart.amountTransaction,
    dateOf: (r) => dateOf(r.cart),
  });
}
