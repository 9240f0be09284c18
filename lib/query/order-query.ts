import "server-only";

// The orders query: a local range in a time zone, the Orders report's filters, a granularity
// and the currency placement in; what the OrdersView shows out (totals, series and fulfilment
// per currency, the records' days, the unfiltered range's choices), answered by the orders fact
// store (lib/store/order-fact-store.ts) instead of by opening every record of the range. The
// figures are read off with the functions the record engine uses (totalsFromCents,
// currencySeries, fulfilment, offerChoicesFrom, tallyByOffer), so each keeps one definition.
//
// Filters follow lib/reports/server/record-filters.ts: "none" keeps the orders without the
// field (null or ""), as the purchases' engine keeps its purchases without it.
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import type { Granularity } from "@/lib/analytics/bucket-index";
import { NONE } from "@/lib/analytics/dimensions";
import { fulfilmentOfGroups, type Fulfilment, type FulfilmentGroup, type FulfilmentOrder } from "@/lib/analytics/fulfilment";
import { byCountThenCurrency } from "@/lib/analytics/money";
import { offerChoicesFrom } from "@/lib/analytics/offer-choices";
import { currencySeries } from "@/lib/analytics/time-buckets";
import { totalsFromCents, type CurrencyTotal } from "@/lib/analytics/totals-by-currency";
import type { IsoDay } from "@/lib/calendar";
import type { FilterKey } from "@/lib/report-params/definitions";
import type { OfferChoice } from "@/lib/reports/offer-choices";
import { ORDER_FACT_DIMENSIONS, type OrderFactPlan, type OrderFactStore } from "@/lib/store/order-fact-store";
import { currencyPlan, rangePlan } from "./range-plan";

export interface OrderQuery {
  /** Local days, both inclusive, in `timeZone`. */
  from: IsoDay;
  to: IsoDay;
  timeZone: string;
  granularity: Granularity;
  /** The report's filters (FilterKey → accepted values); empty lists accept all, keys the Orders report does not filter by are ignored. */
  filters: Partial<Record<FilterKey, readonly string[]>>;
  /** How records without a currency are placed (lib/analytics/assumed-currency). */
  currency: CurrencyAssumption;
}

export interface OrderAnswer {
  /** Of the orders in `shownCurrency` (all when null). */
  totals: CurrencyTotal[];
  series: Array<{ currency: string; points: Array<{ bucket: string; amount: number; count: number }> }>;
  fulfilment: Fulfilment;
  /** The records' own days (the first ten characters of checkoutInitializedAt) of the filtered orders, every currency. */
  days: string[];
}

export interface OrderChoices {
  filterOptions: Partial<Record<FilterKey, string[]>>;
  offers: OfferChoice[];
  /** The range's (offer, currency) pairs, and one record without a currency when any lacks it: what the currency decision reads. */
  offerCurrencies: Array<{ offerCode: string | null; currency: string | null }>;
  /** Records without a currency per offer ("" for none). */
  missing: Map<string, number>;
}

const isDimension = (key: string): key is (typeof ORDER_FACT_DIMENSIONS)[number] => (ORDER_FACT_DIMENSIONS as readonly string[]).includes(key);

/** The store's plan for a query: the UTC days to read, the buckets' instants, the filters and the currency placement. */
export function orderPlan(query: Omit<OrderQuery, "currency"> & { currency?: CurrencyAssumption }): { plan: OrderFactPlan; keys: readonly string[] } {
  const { keys, range } = rangePlan(query.from, query.to, query.granularity, query.timeZone);
  const filters: OrderFactPlan["filters"] = {};
  for (const [key, accepted] of Object.entries(query.filters)) {
    if (isDimension(key) && accepted && accepted.length > 0) filters[key] = [...new Set(accepted)];
  }
  return { keys, plan: { ...range, filters, currency: currencyPlan(query.currency) } };
}

export async function queryOrders(store: OrderFactStore, account: string, query: OrderQuery, shownCurrency: string | null): Promise<OrderAnswer> {
  const { plan, keys } = orderPlan(query);
  const groups = await store.aggregate(account, plan);
  const shown = (currency: string) => shownCurrency === null || currency === shownCurrency;
  const totals = new Map<string, { count: number; cents: number }>();
  const seriesOf = new Map<string, { cents: Float64Array; counts: Uint32Array }>();
  for (const g of groups.buckets) {
    if (!shown(g.currency)) continue;
    let t = totals.get(g.currency);
    if (!t) {
      totals.set(g.currency, (t = { count: 0, cents: 0 }));
      seriesOf.set(g.currency, { cents: new Float64Array(keys.length), counts: new Uint32Array(keys.length) });
    }
    t.count += g.orders;
    t.cents += g.cents;
    const s = seriesOf.get(g.currency)!;
    s.cents[g.bucket]! += g.cents;
    s.counts[g.bucket]! += g.orders;
  }
  // Fulfilment's one definition counts orders: each group stands for as many as it holds.
  const orders: FulfilmentGroup[] = [];
  for (const g of groups.fulfilment) {
    if (!shown(g.currency)) continue;
    const order: FulfilmentOrder = {
      lastTrackingMilestone: g.milestone,
      trackingCarrier: g.carrier,
      supplierName: g.supplier,
      // The delivery's length is what fulfilment reads of the two instants.
      orderCompletedAt: g.deliveryMs === null ? null : new Date(0).toISOString(),
      deliveredAt: g.deliveryMs === null ? null : new Date(g.deliveryMs).toISOString(),
    };
    orders.push({ order, count: g.orders });
  }
  return {
    totals: totalsFromCents(totals),
    series: [...seriesOf].map(([currency, s]) => currencySeries(currency, keys, s.cents, s.counts)).sort(byCountThenCurrency).map((s) => ({ currency: s.currency, points: s.points })),
    fulfilment: fulfilmentOfGroups(orders),
    days: groups.days,
  };
}

/** The unfiltered range's filter choices, offers and currencies, as the report makes them from its records. */
export async function orderChoices(store: OrderFactStore, account: string, range: { from: IsoDay; to: IsoDay; timeZone: string }): Promise<OrderChoices> {
  const { plan } = orderPlan({ ...range, granularity: "day", filters: {} });
  const choices = await store.choices(account, { ...plan, bucketStarts: plan.bucketStarts.slice(0, 1) });
  const filterOptions: Partial<Record<FilterKey, string[]>> = {};
  ORDER_FACT_DIMENSIONS.forEach((d, i) => {
    filterOptions[d] = [...new Set(choices.values.filter((v) => v.dimension === i).map((v) => v.value || NONE))].sort();
  });
  const labels = new Map(choices.labels.map((l) => [l.code, l.label]));
  const offers = new Map<string, { name: string | null; products: string[] }>();
  for (const { offer, product } of choices.offerProducts) {
    const code = offer || NONE;
    let entry = offers.get(code);
    if (!entry) offers.set(code, (entry = { name: labels.get(code) ?? null, products: [] }));
    entry.products.push(product || NONE);
  }
  const missing = new Map(choices.missing.map((m) => [m.offer, m.orders]));
  const offerCurrencies: OrderChoices["offerCurrencies"] = choices.currencies.map((c) => ({ offerCode: c.offer, currency: c.currency }));
  if (missing.size > 0) offerCurrencies.push({ offerCode: null, currency: null });
  return { filterOptions, offers: offerChoicesFrom(offers), offerCurrencies, missing };
}
