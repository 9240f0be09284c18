import "server-only";

// The purchases query: a local range in a time zone, the report's filters, a granularity and
// a key type in; the Revenue KPIs, series and attach rates per currency out, answered by the
// fact store (lib/store/purchase-fact-store.ts) in two aggregates instead of by opening every
// record of the range. The figures are read off with the same functions the record engine's
// summaries use (lib/analytics/purchase-summary-views), so a figure keeps one definition.
import type { CurrencyAttachRates } from "@/lib/analytics/attach-rates";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import type { Granularity } from "@/lib/analytics/bucket-index";
import { FILTER_DIMENSION } from "@/lib/analytics/filters";
import { byCountThenCurrency } from "@/lib/analytics/money";
import type { MergedCurrency, MergedSummary } from "@/lib/analytics/purchase-summary-merge";
import { summaryAffiliateKpis, summaryAttachRates, summaryCreatorKpis } from "@/lib/analytics/purchase-summary-views";
import type { AffiliateKpis, CreatorKpis } from "@/lib/analytics/revenue-kpis";
import { currencySeries, type CurrencyBuckets } from "@/lib/analytics/time-buckets";
import type { IsoDay } from "@/lib/calendar";
import { FILTER_KEYS, type FilterKey } from "@/lib/report-params/definitions";
import type { KeyType } from "@/lib/sales-api";
import { FACT_SUMS, type PurchaseFactPlan, type PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { currencyPlan, rangePlan } from "./range-plan";
import { saleShareSum } from "@/lib/analytics/key-share";

// "none" as a filter value, one meaning for every engine (lib/analytics/dimensions' NONE): a
// record without the field (null, undefined or "") has the key "none", and the fact rows hold
// those keys, so `product=none` keeps the purchases without a product, as the breakdown row
// "none" counts them, and the other reports' records filter (record-filters.ts) keeps theirs.
export interface PurchaseQuery {
  /** Local days, both inclusive, in `timeZone`. */
  from: IsoDay;
  to: IsoDay;
  timeZone: string;
  granularity: Granularity;
  keyType: KeyType;
  /** The report's filters (FilterKey → accepted keys, "none" for records without the field); empty lists accept all. */
  filters: Partial<Record<FilterKey, readonly string[]>>;
  /** How records without a currency are placed (lib/analytics/assumed-currency). */
  currency: CurrencyAssumption;
}

export interface PurchaseAnswer {
  kpis: { creator: CreatorKpis[]; affiliate: AffiliateKpis[] };
  /** The sale's amount for a creator key, the commission for an affiliate key; every bucket of the range. */
  series: CurrencyBuckets[];
  attach: CurrencyAttachRates[];
}


/** The store's plan for a query: the UTC days to read, the buckets' instants, the filters and the currency placement. */
export function purchasePlan(query: PurchaseQuery): { plan: PurchaseFactPlan; keys: readonly string[] } {
  const { keys, range } = rangePlan(query.from, query.to, query.granularity, query.timeZone);
  const filters: PurchaseFactPlan["filters"] = {};
  for (const key of FILTER_KEYS) {
    const accepted = query.filters[key];
    if (accepted && accepted.length > 0) filters[FILTER_DIMENSION[key]] = [...new Set(accepted)];
  }
  return { keys, plan: { ...range, filters, currency: currencyPlan(query.currency) } };
}

export async function queryPurchases(store: PurchaseFactStore, account: string, query: PurchaseQuery): Promise<PurchaseAnswer> {
  const { plan, keys } = purchasePlan(query);
  const { buckets, orders } = await store.aggregate(account, plan);
  const merged = new Map<string, MergedCurrency>();
  const seriesOf = new Map<string, { cents: Float64Array; counts: Uint32Array }>();
  const amount = FACT_SUMS.indexOf(saleShareSum(query.keyType));
  for (const group of buckets) {
    let m = merged.get(group.currency);
    if (!m) {
      m = { currency: group.currency, purchases: 0, orders: 0, frontOrders: 0, bump: 0, upsell: 0, downsell: 0, sums: new Array<number>(FACT_SUMS.length).fill(0), slots: new Map(), dims: [], funds: new Map(), paid: [0, 0, 0], unscheduled: [0, 0, 0] };
      merged.set(group.currency, m);
      seriesOf.set(group.currency, { cents: new Float64Array(keys.length), counts: new Uint32Array(keys.length) });
    }
    m.purchases += group.purchases;
    group.sums.forEach((cents, i) => (m.sums[i]! += cents));
    const s = seriesOf.get(group.currency)!;
    s.cents[group.bucket]! += group.sums[amount]!;
    s.counts[group.bucket]! += group.purchases;
  }
  for (const o of orders) {
    const m = merged.get(o.currency);
    if (!m) continue;
    Object.assign(m, { orders: o.orders, frontOrders: o.frontOrders, bump: o.bump, upsell: o.upsell, downsell: o.downsell });
  }
  const summary: MergedSummary = { paidBefore: 0, currencies: [...merged.values()] };
  return {
    kpis: { creator: summaryCreatorKpis(summary), affiliate: summaryAffiliateKpis(summary) },
    series: [...seriesOf].map(([currency, s]) => currencySeries(currency, keys, s.cents, s.counts)).sort(byCountThenCurrency),
    attach: summaryAttachRates(summary),
  };
}
