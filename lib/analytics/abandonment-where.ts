// Where carts are abandoned: by offer, product, shipping country and state, each with its
// count and, per currency, its value. Time of day and time series are in their own files.
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import { CentsByCurrency, cartCurrencyResolver, type CartCurrencyOptions, type CurrencyTotal } from "./abandonment-currency";
import { NONE } from "./dimensions";

export { heatmap, HEATMAP_WEEKDAYS, type Heatmap } from "./abandonment-heatmap";
export { abandonedSeries, type AbandonmentSeriesOptions } from "./abandonment-series";

export type WhereCart = Pick<AbandonedCart, "offerCode" | "offerName" | "productName" | "shippingCountry" | "shippingState" | "amountTransaction">;

export interface WhereRow {
  /** The grouping value; "none" for carts without it. */
  key: string;
  /** What to show: the offer's name for an offer (its code when it has none), else the key. */
  label: string;
  count: number;
  /** Count and value per currency, most carts first. */
  values: CurrencyTotal[];
}

export interface CountryStateRow extends WhereRow {
  country: string;
  state: string;
}

/** A group's first cart (in the records' order), count and values per currency. */
export interface WhereGroup<C> {
  first: C;
  sums: CentsByCurrency;
  count: number;
}

function groupCarts<C extends WhereCart>(carts: readonly C[], keyOf: (cart: C) => string, options: CartCurrencyOptions<C>): Map<string, WhereGroup<C>> {
  const currencyOf = cartCurrencyResolver(options);
  const groups = new Map<string, WhereGroup<C>>();
  for (const cart of carts) {
    const key = keyOf(cart);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { first: cart, sums: new CentsByCurrency(), count: 0 }));
    group.count++;
    group.sums.add(currencyOf(cart), cart.amountTransaction);
  }
  return groups;
}

const byCountThenKey = (a: WhereRow, b: WhereRow): number => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The rows of groups (made from carts here, or summed by a fact store: lib/query/cart-panels.ts), most carts first. */
export function whereRows<C>(groups: ReadonlyMap<string, WhereGroup<C>>, labelOf: (key: string, first: C) => string): WhereRow[] {
  return [...groups].map(([key, g]) => ({ key, label: labelOf(key, g.first), count: g.count, values: g.sums.totals() })).sort(byCountThenKey);
}

const orNone = (value: string | null | undefined): string => value || NONE;

/** By offerCode; the label is the offer's name as the first cart of the offer gives it. */
export function abandonedByOffer<C extends WhereCart>(carts: readonly C[], options: CartCurrencyOptions<C> = {}): WhereRow[] {
  return whereRows(groupCarts(carts, (c) => orNone(c.offerCode), options), (key, first) => first.offerName || key);
}

/** By productName (a product sold through offers in several currencies has a value in each). */
export function abandonedByProduct<C extends WhereCart>(carts: readonly C[], options: CartCurrencyOptions<C> = {}): WhereRow[] {
  return whereRows(groupCarts(carts, (c) => orNone(c.productName), options), (key) => key);
}

export function abandonedByCountry<C extends WhereCart>(carts: readonly C[], options: CartCurrencyOptions<C> = {}): WhereRow[] {
  return whereRows(groupCarts(carts, (c) => orNone(c.shippingCountry), options), (key) => key);
}

/** By country and state together, keyed "country/state" and labelled "state, country"
 *  (the same state code can exist in two countries). */
export function abandonedByCountryState<C extends WhereCart>(carts: readonly C[], options: CartCurrencyOptions<C> = {}): CountryStateRow[] {
  return countryStateRows(groupCarts(carts, (c) => `${orNone(c.shippingCountry)}/${orNone(c.shippingState)}`, options));
}

export function countryStateRows(groups: ReadonlyMap<string, WhereGroup<Pick<WhereCart, "shippingCountry" | "shippingState">>>): CountryStateRow[] {
  return [...groups]
    .map(([key, g]) => {
      const country = orNone(g.first.shippingCountry);
      const state = orNone(g.first.shippingState);
      return { key, label: `${state}, ${country}`, country, state, count: g.count, values: g.sums.totals() };
    })
    .sort(byCountThenKey);
}
