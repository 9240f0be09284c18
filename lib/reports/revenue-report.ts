import "server-only";

// The Revenue report, computed on the server: KPIs with deltas, series with the comparison
// overlaid, breakdowns, attach rates, funds becoming available, and only the newest rows,
// masked. What leaves for the browser is a RevenueView, never the raw record set.
import { alignSeries } from "@/lib/analytics/compare";
import { comparisonDataStart } from "@/lib/analytics/comparison-coverage";
import { attachRates, breakdowns, fundsAvailability, type Dimension } from "@/lib/analytics/breakdowns";
import { dimensionKeys } from "@/lib/analytics/dimensions";
import { affiliateKpis, creatorKpis, kpiDeltas } from "@/lib/analytics/revenue-kpis";
import { revenueSeries } from "@/lib/analytics/time-buckets";
import { FILTER_KEYS, type FilterKey, type ReportParams } from "@/lib/report-params/definitions";
import { todayIn } from "@/lib/report-params/presets";
import type { KeyType, Purchase, SalesApiClient } from "@/lib/sales-api";
import { reportQuality } from "./report-quality";
import { loadRevenueRecords, type LoadOptions, type RevenueRecords } from "./revenue-records";
import { AFFILIATE_KPIS, CREATOR_KPIS, kpiItems } from "./revenue-kpi-items";
import type { RevenueView } from "./revenue-view";

const FUNDS_WEEKS = 8;

export const BREAKDOWN_TITLES: Record<Exclude<Dimension, "affiliate">, string> = {
  product: "By product",
  offer: "By offer",
  purchaseType: "By purchase type",
  paymentMethod: "By payment method",
  psp: "By PSP",
  cardBrand: "By card brand",
  country: "By country",
};

const FILTER_DIMENSION: Record<FilterKey, Dimension> = { product: "product", offer: "offer", type: "purchaseType", method: "paymentMethod", psp: "psp", brand: "cardBrand", country: "country", affiliate: "affiliate" };

/** The amount a report is about: the sale for a creator, the commission for an affiliate. */
export const amountFor = (keyType: KeyType) => (keyType === "creator" ? (p: Purchase) => p.amountTransaction : (p: Purchase) => p.amountAffiliation);

export async function buildRevenueView(client: SalesApiClient, keyType: KeyType, params: ReportParams, options: LoadOptions = {}): Promise<RevenueView> {
  return revenueViewFrom(await loadRevenueRecords(client, params, options), keyType, params);
}

export function revenueViewFrom(data: RevenueRecords, keyType: KeyType, params: ReportParams): RevenueView {
  // The loader wrote the assumed currency into records without one; this only names it.
  const fallbackCurrency = data.currency.currency;
  const currencyOptions = { fallbackCurrency };
  const value = amountFor(keyType);
  const withComparison = data.comparison !== null;
  const dayOf = (p: Purchase) => p.checkoutInitializedAt;
  const comparisonDataFrom = data.comparison && data.comparisonRange ? comparisonDataStart(data.comparisonRange, data.comparison.map(dayOf), data.current.map(dayOf)) : null;
  const partial = comparisonDataFrom !== null;

  const kpis =
    keyType === "creator"
      ? kpiItems(kpiDeltas(creatorKpis(data.current, currencyOptions), creatorKpis(data.comparison ?? [], currencyOptions)), CREATOR_KPIS, withComparison, partial)
      : kpiItems(kpiDeltas(affiliateKpis(data.current, currencyOptions), affiliateKpis(data.comparison ?? [], currencyOptions)), AFFILIATE_KPIS, withComparison, partial);

  const seriesOf = (records: readonly Purchase[], range: { from: string; to: string }) =>
    revenueSeries(records, { ...currencyOptions, from: range.from, to: range.to, granularity: params.granularity, timeZone: params.tz, value, dateOf: (p) => p.checkoutInitializedAt });
  const current = seriesOf(data.current, params);
  const previous = data.comparison && data.comparisonRange ? seriesOf(data.comparison, data.comparisonRange) : [];
  const series = current.map((s) => {
    const aligned = alignSeries(s.points, previous.find((p) => p.currency === s.currency)?.points ?? []);
    return { currency: s.currency, points: aligned.map((a) => ({ bucket: a.bucket, amount: a.amount, count: a.count, previousAmount: withComparison ? (a.comparisonAmount ?? 0) : null, previousBucket: a.comparisonBucket })) };
  });

  const dims = Object.keys(BREAKDOWN_TITLES) as Array<keyof typeof BREAKDOWN_TITLES>;
  const split = breakdowns(data.current, dims, value, currencyOptions);
  const breakdownList = dims.flatMap((id) =>
    split[id].map((b) => ({ id, title: BREAKDOWN_TITLES[id], currency: b.currency, rows: b.rows.map((r) => ({ key: r.label ? `${r.label} (${r.key})` : r.key, count: r.count, amount: r.amount, share: r.share ?? 0 })) })),
  );

  const today = todayIn(params.tz);
  const funds = fundsAvailability(data.current, { ...currencyOptions, keyType, fromDay: today, weeks: FUNDS_WEEKS, timeZone: params.tz });

  const filterOptions = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, key === "affiliate" && keyType === "affiliate" ? [] : [...new Set(data.unfiltered.map((p) => dimensionKeys[FILTER_DIMENSION[key]](p)))].sort()]),
  ) as Record<FilterKey, string[]>;

  return {
    keyType,
    range: { from: params.from, to: params.to, tz: params.tz, granularity: params.granularity },
    comparison: data.comparisonRange,
    comparisonDataFrom,
    currencies: kpis.map((k) => k.currency),
    kpis,
    series,
    breakdowns: breakdownList,
    attach:
      keyType === "creator"
        ? attachRates(data.current, currencyOptions).map((a) => ({ currency: a.currency, frontOrders: a.frontOrders, rates: [{ type: "order_bump", ...a.orderBump }, { type: "upsell", ...a.upsell }, { type: "downsell", ...a.downsell }] }))
        : [],
    funds: funds.map((f) => ({
      currency: f.currency,
      weeks: [
        ...f.rows.map((r) => ({ label: r.bucket === "available" ? "Already available" : `Week of ${r.bucket}`, amount: r.amount })),
        { label: `After ${FUNDS_WEEKS} weeks`, amount: f.later.amount },
      ],
    })),
    fundsLabel: keyType === "creator" ? "Your net share becoming available" : "Commission becoming available",
    rows: { total: data.current.length },
    filterOptions,
    quality: reportQuality({ current: data.reports, comparison: data.comparisonReports }, { records: data.assumedCurrencyRecords, currency: data.currency }),
    includesToday: params.to >= today,
  };
}
