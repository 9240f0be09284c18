import "server-only";

// A purchases summary of a local range, filtered, made by the fact store: the same merged
// summary (lib/analytics/purchase-summary-merge) the record engine makes from the range's
// records, so every Revenue figure (KPIs, series, breakdowns, attach rates, funds) is read
// off it by the same views, one definition each.
import { SLOT_MS, type DimensionCell } from "@/lib/analytics/purchase-summary";
import type { MergedCurrency, MergedSummary } from "@/lib/analytics/purchase-summary-merge";
import { zoneForDays } from "@/lib/analytics/local-days";
import { parseDay } from "@/lib/calendar";
import { FACT_DIMENSIONS, FACT_SUMS, type PurchaseFactStore, type PurchaseSummaryPlan } from "@/lib/store/purchase-fact-store";
import { purchasePlan, type PurchaseQuery } from "./purchase-query";

const TRANSACTION = FACT_SUMS.indexOf("transaction");
const AFFILIATION = FACT_SUMS.indexOf("affiliation");
const OFFER = FACT_DIMENSIONS.indexOf("offer");

/** Availability dates run past the range: the local days are told this far after it (beyond, each slot is its own group). */
const FUNDS_DAYS_AFTER = 366;

/** The range, its filters and currency placement, and the granularity its series is read in (none said: any, hours too). */
export type PurchaseSummaryQuery = Pick<PurchaseQuery, "from" | "to" | "timeZone" | "filters" | "currency"> & Partial<Pick<PurchaseQuery, "granularity">>;

/**
 * The zone's segments by which the store may group a local day's slots into one: when the
 * series is read in days or longer, and every offset and change of the span falls on a quarter
 * hour, so that each slot lies in one local day (as the bucket index assumes of today's zones).
 * The span's end is cut down to a slot's start: a slot is then wholly inside the segments or
 * wholly outside (where it is a group of its own), never keyed both ways.
 */
export function summaryLocalDays(query: PurchaseSummaryQuery): PurchaseSummaryPlan["localDays"] {
  if (query.granularity === undefined || query.granularity === "hour") return null;
  const segments = zoneForDays(parseDay(query.from), parseDay(query.to) + FUNDS_DAYS_AFTER, query.timeZone)
    .segments()
    .map(([from, to, offset]): [number, number, number] => [from, to - (to % SLOT_MS), offset]);
  return segments.every(([from, , offset]) => offset % SLOT_MS === 0 && from % SLOT_MS === 0) ? segments : null;
}

/** Adds a group's numbers to its slot's (two groups never share a slot; if they did, both would count). */
function addTo(map: Map<number, number[]>, slot: number, values: readonly number[]): void {
  const entry = map.get(slot);
  if (entry) values.forEach((v, i) => (entry[i]! += v));
  else map.set(slot, [...values]);
}

export async function purchaseSummaryFromFacts(store: PurchaseFactStore, account: string, query: PurchaseSummaryQuery): Promise<MergedSummary> {
  const { plan } = purchasePlan({ ...query, granularity: "day", keyType: "creator" });
  const groups = await store.summarize(account, { ...plan, bucketStarts: plan.bucketStarts.slice(0, 1), localDays: summaryLocalDays(query) });
  const merged = new Map<string, MergedCurrency>();
  const currencyOf = (currency: string): MergedCurrency => {
    let m = merged.get(currency);
    if (!m) {
      m = { currency, purchases: 0, orders: 0, frontOrders: 0, bump: 0, upsell: 0, downsell: 0, sums: new Array<number>(FACT_SUMS.length).fill(0), slots: new Map(), dims: FACT_DIMENSIONS.map(() => new Map<string, DimensionCell>()), funds: new Map(), paid: [0, 0, 0], unscheduled: [0, 0, 0] };
      merged.set(currency, m);
    }
    return m;
  };
  for (const g of groups.slots) {
    const m = currencyOf(g.currency);
    m.purchases += g.purchases;
    g.sums.forEach((cents, i) => (m.sums[i]! += cents));
    addTo(m.slots, g.slot, [g.purchases, g.sums[TRANSACTION]!, g.sums[AFFILIATION]!]);
  }
  const labels = new Map(groups.labels.map((l) => [`${l.currency}\n${l.offer}`, l.label]));
  for (const g of groups.dims) {
    const label = g.dimension === OFFER ? (labels.get(`${g.currency}\n${g.key}`) ?? null) : null;
    currencyOf(g.currency).dims[g.dimension]!.set(g.key, [g.key, g.purchases, g.transaction, g.affiliation, label]);
  }
  for (const g of groups.funds) {
    const m = currencyOf(g.currency);
    if (g.kind === 2) addTo(m.funds, g.slot, [g.creatorNet, g.affiliationNet, g.purchases]);
    else m[g.kind === 0 ? "unscheduled" : "paid"] = [g.creatorNet, g.affiliationNet, g.purchases];
  }
  for (const o of groups.orders) Object.assign(currencyOf(o.currency), { orders: o.orders, frontOrders: o.frontOrders, bump: o.bump, upsell: o.upsell, downsell: o.downsell });
  return { paidBefore: 0, currencies: [...merged.values()] };
}
