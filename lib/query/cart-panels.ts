import "server-only";

// The Abandonment report's panels from the carts and purchases fact tables' aggregates: the plan
// the store groups by (cart-panel-sql.ts), and the panels read off its groups with the record
// engine's own finishing functions (kpiRows, whereRows, declineCodesOf, funnelOf, ...), so a
// figure has one definition whether it was summed from records or by the store.
import { approvalRatesOf, attemptsOf, type ApprovalDimension, type AttemptSums } from "@/lib/analytics/abandonment-attempts";
import { CentsByCurrency } from "@/lib/analytics/abandonment-currency";
import { addCell, declineCodesOf, declineMatrixOf, type DeclineCells } from "@/lib/analytics/abandonment-declines";
import { ALL_CHECKOUTS, emptyTally, FUNNEL_STEPS, funnelOf, PURCHASED_NOT_APPLICABLE, type FunnelGroupBy, type StageTally } from "@/lib/analytics/abandonment-funnel";
import { heatmapOf, HEATMAP_WEEKDAYS } from "@/lib/analytics/abandonment-heatmap";
import { CartSums, kpiRows } from "@/lib/analytics/abandonment-kpis";
import { median } from "@/lib/analytics/abandonment-quantiles";
import { DELAY_BUCKET_MS, recoveryDelaysOf } from "@/lib/analytics/abandonment-recovery";
import { countryStateRows, whereRows, type WhereGroup } from "@/lib/analytics/abandonment-where";
import { isUnknownCurrency, type CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { declineRecoveryOf } from "@/lib/analytics/decline-recovery";
import { NONE } from "@/lib/analytics/dimensions";
import { byCountThenCurrency } from "@/lib/analytics/money";
import { offerChoicesFrom } from "@/lib/analytics/offer-choices";
import { currencySeries, type CurrencyBuckets, type Granularity } from "@/lib/analytics/time-buckets";
import { ZoneOffsets } from "@/lib/analytics/zone-offsets";
import type { FilterKey } from "@/lib/report-params/definitions";
import type { CartPanelGroups, CartPanelPlan } from "@/lib/store/cart-panel-store";
import type { AbandonmentKpiPanels, AbandonmentPanels } from "@/lib/analytics/abandonment-panels";
import { cartPlan, type CartQuery } from "./cart-query";
import { checkoutPlan } from "./checkout-purchase-query";
import { currencyPlan, rangePlan } from "./range-plan";

export interface CartPanelQuery extends CartQuery {
  granularity: Granularity;
  /** The filters the report applies to purchases. */
  purchaseKeys: readonly FilterKey[];
}

/** What the store groups: the carts' range and filters, each told offer's currency, the buckets, the zone's offsets and the purchases' plan. */
export function cartPanelPlan(query: CartPanelQuery, decided: CurrencyAssumption, only?: "kpis"): { plan: CartPanelPlan; keys: readonly string[] } {
  const carts = cartPlan(query);
  const { range, keys } = rangePlan(query.from, query.to, query.granularity, query.timeZone);
  // A cart's currency is its offer's told one in lower case (cartCurrencyResolver); one that reads empty is not told.
  const currencies = Object.entries(decided.offers).flatMap(([offer, told]) => {
    const currency = told.currency ? told.currency.trim().toLowerCase() : "";
    return currency ? [[offer, currency] as const] : [];
  });
  const plan: CartPanelPlan = {
    ...carts,
    currencies,
    bucketStarts: range.bucketStarts,
    offsets: new ZoneOffsets(query.timeZone, carts.startMs, carts.endMs).segments(),
    // The analytics' definitions, handed to the store (which imports no feature folder).
    funnelFields: FUNNEL_STEPS.map((step) => step.field),
    delayBucketsMs: DELAY_BUCKET_MS,
    purchases: { ...checkoutPlan({ ...query, keys: query.purchaseKeys }), currency: currencyPlan(decided) },
    ...(only ? { only } : {}),
  };
  return { plan, keys };
}

function mapOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

/** Each currency's KPI sums: the carts', the middle delays to abandon, the purchased checkouts. */
function kpiSums(groups: CartPanelGroups): Map<string, CartSums> {
  const byCurrency = new Map<string, CartSums>();
  for (const t of groups.totals) {
    const sums = mapOf(byCurrency, t.currency, () => new CartSums());
    Object.assign(sums, { abandoned: t.carts, abandonedCents: t.cents, recovered: t.recovered, recoveredCents: t.recoveredCents });
  }
  for (const m of groups.toAbandon) mapOf(byCurrency, m.currency, () => new CartSums()).minutes.push(m.ms / 60_000);
  for (const p of groups.purchased) mapOf(byCurrency, p.currency, () => new CartSums()).purchased += p.checkouts;
  return byCurrency;
}

/** The four funnels' tallies from the carts' last steps and the purchased checkouts. */
function funnel(groups: CartPanelGroups, groupBy?: FunnelGroupBy) {
  const tallies = new Map<string, StageTally>();
  let cartWithoutField = false;
  const field = { offerCode: "offer", checkoutVersion: "version", sessionMode: "mode" } as const;
  for (const g of groups.funnel) {
    const key = groupBy ? g[field[groupBy]] : ALL_CHECKOUTS;
    if (groupBy && key === NONE) cartWithoutField = true;
    const tally = mapOf(tallies, key, emptyTally);
    tally.carts += g.carts;
    for (let i = 0; i <= g.step; i++) tally.counts[i]! += g.carts;
  }
  for (const p of groups.purchased) {
    const key = !groupBy ? ALL_CHECKOUTS : groupBy === "offerCode" ? p.offer : PURCHASED_NOT_APPLICABLE;
    const tally = mapOf(tallies, key, emptyTally);
    tally.purchased += p.checkouts;
    for (let i = 0; i < tally.counts.length; i++) tally.counts[i]! += p.checkouts;
  }
  return funnelOf(tallies, groupBy, cartWithoutField);
}

function where(groups: CartPanelGroups) {
  const names = new Map(groups.names.map((n) => [n.offer, n.name]));
  const byOffer = new Map<string, WhereGroup<{ offerName: string | null }>>();
  const byProduct = new Map<string, WhereGroup<null>>();
  const offers = new Map<string, { name: string | null; products: string[] }>();
  const add = <C>(group: WhereGroup<C>, currency: string, carts: number, cents: number) => {
    group.count += carts;
    group.sums.addSum(currency, carts, cents);
  };
  for (const { currency, keys: [offer, product], carts, cents } of groups.where) {
    add(mapOf(byOffer, offer!, () => ({ first: { offerName: names.get(offer!) ?? null }, sums: new CentsByCurrency(), count: 0 })), currency, carts, cents);
    add(mapOf(byProduct, product!, () => ({ first: null, sums: new CentsByCurrency(), count: 0 })), currency, carts, cents);
    mapOf(offers, offer!, () => ({ name: names.get(offer!) ?? null, products: [] })).products.push(product!);
  }
  const places = new Map<string, WhereGroup<{ shippingCountry: string; shippingState: string }>>();
  for (const { currency, keys: [country, state], carts, cents } of groups.places) {
    add(mapOf(places, `${country}/${state}`, () => ({ first: { shippingCountry: country!, shippingState: state! }, sums: new CentsByCurrency(), count: 0 })), currency, carts, cents);
  }
  return {
    byOffer: whereRows(byOffer, (key, first) => first.offerName || key),
    byProduct: whereRows(byProduct, (key) => key),
    offers: offerChoicesFrom(offers),
    byCountryState: countryStateRows(places).slice(0, 20),
  };
}

function declines(groups: CartPanelGroups) {
  const byCode = new Map<string, CentsByCurrency>();
  const cells: DeclineCells = new Map();
  const recovered: DeclineCells = new Map();
  let declinedCarts = 0;
  for (const d of groups.declines) {
    declinedCarts += d.carts;
    mapOf(byCode, d.code, () => new CentsByCurrency()).addSum(d.currency, d.carts, d.cents);
    addCell(cells, d.psp, d.code, d.carts);
    addCell(recovered, d.psp, d.code, d.recovered);
  }
  const matrix = declineMatrixOf(cells);
  return { declines: declineCodesOf(byCode, declinedCarts), matrix, matrixRecovery: declineRecoveryOf(recovered, matrix) };
}

function attempts(groups: CartPanelGroups) {
  const dimensions: Record<ApprovalDimension, "psp" | "method" | "brand"> = { psp: "psp", paymentMethod: "method", cardBrand: "brand" };
  const rates = (by: ApprovalDimension) => {
    const sums = new Map<string, AttemptSums>();
    for (const g of groups.attempts) {
      const s = mapOf(sums, g[dimensions[by]], () => ({ carts: 0, attempts: 0, approved: 0, declined: 0 }));
      s.carts += g.carts;
      s.attempts += g.attempts;
      s.approved += g.approved;
      s.declined += g.declined;
    }
    return approvalRatesOf(by, sums);
  };
  const counts = [0, 0, 0, 0, 0];
  let all = 0;
  for (const g of groups.attempts) {
    counts[g.bucket]! += g.carts;
    all += g.attempts;
  }
  return { approval: { psp: rates("psp"), paymentMethod: rates("paymentMethod"), cardBrand: rates("cardBrand") }, attempts: attemptsOf(counts, all) };
}

/** Each currency's series over the report's buckets, most carts first (revenueSeries' order). */
function series(rows: CartPanelGroups["series"], keys: readonly string[]): CurrencyBuckets[] {
  const byCurrency = new Map<string, { cents: Float64Array; counts: Uint32Array }>();
  for (const r of rows) {
    const acc = mapOf(byCurrency, r.currency, () => ({ cents: new Float64Array(keys.length), counts: new Uint32Array(keys.length) }));
    acc.cents[r.bucket]! += r.cents;
    acc.counts[r.bucket]! += r.carts;
  }
  return [...byCurrency].map(([currency, { cents, counts }]) => currencySeries(currency, keys, cents, counts)).sort(byCountThenCurrency);
}

/** The KPIs' share of the panels (all a comparison period shows). */
export function kpiPanelsOf(groups: CartPanelGroups): AbandonmentKpiPanels {
  const untold = groups.totals.reduce((n, t) => n + (isUnknownCurrency(t.currency) ? t.carts : 0), 0);
  return { kpis: kpiRows(kpiSums(groups)), days: groups.days, untold: () => untold };
}

/** Every panel of a period from its groups; `keys` are the series' buckets (rangePlan's). */
export function panelsOf(groups: CartPanelGroups, keys: readonly string[], timeZone: string): AbandonmentPanels {
  const cells = HEATMAP_WEEKDAYS.map(() => new Array<number>(24).fill(0));
  for (const h of groups.heatmap) cells[h.weekday]![h.hour]! += h.carts;
  const recovered = new CentsByCurrency();
  for (const t of groups.totals) if (t.recovered > 0) recovered.addSum(t.currency, t.recovered, t.recoveredCents);
  const minutes = (ms: number) => ms / 60_000;
  return {
    ...kpiPanelsOf(groups),
    totalCarts: groups.totals.reduce((n, t) => n + t.carts, 0),
    funnel: funnel(groups),
    funnelByOffer: funnel(groups, "offerCode"),
    funnelByVersion: funnel(groups, "checkoutVersion"),
    funnelByMode: funnel(groups, "sessionMode"),
    ...declines(groups),
    ...attempts(groups),
    ...where(groups),
    heatmap: heatmapOf(timeZone, cells),
    series: series(groups.series, keys),
    recovery: recoveryDelaysOf({
      recoveredCarts: groups.totals.reduce((n, t) => n + t.recovered, 0),
      medianMinutes: median(groups.delays.middle.map(minutes)),
      p90Minutes: groups.delays.p90 === null ? null : minutes(groups.delays.p90),
      counts: groups.delays.counts,
      sums: recovered,
    }),
    recoveredSeries: series(groups.recoveredSeries, keys),
  };
}
