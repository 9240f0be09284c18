// Many purchase summaries (one per day, or one of a filtered record set) merged into one per
// currency. Records without a currency are placed here (by their offer, the setting, else
// "unknown" per offer), so a day's stored summary never depends on the catalog or the setting. Distinct orders are counted over all the
// summaries together (an order counted on two days would be counted once), in the typed order
// table the record path uses.
import { currencyOfRecord, type CurrencyAssumption } from "./assumed-currency";
import { NONE } from "./dimensions";
import { OrderTable } from "./order-table";
import { SliceClock } from "@/lib/work-slices";
import { ORDER_BITS, SUM_FIELDS, SUMMARY_DIMENSIONS, type DimensionCell, type PurchaseSummary } from "./purchase-summary";

export interface MergedCurrency {
  currency: string;
  purchases: number;
  /** Distinct orders, plus purchases without an orderId. */
  orders: number;
  /** Orders holding a front purchase, and how many of them also took each add-on. */
  frontOrders: number;
  bump: number;
  upsell: number;
  downsell: number;
  sums: number[];
  slots: Map<number, [number, number, number]>;
  dims: Map<string, DimensionCell>[];
  funds: Map<number, [number, number, number]>;
  paid: [number, number, number];
  unscheduled: [number, number, number];
}

export interface MergedSummary {
  /** The latest fold of the merged summaries: money available before it is only known as "paid". */
  paidBefore: number;
  currencies: MergedCurrency[];
}

function addFlat(map: Map<number, [number, number, number]>, flat: readonly number[]): void {
  for (let i = 0; i < flat.length; i += 4) {
    const key = flat[i]!;
    const entry = map.get(key);
    if (entry === undefined) map.set(key, [flat[i + 1]!, flat[i + 2]!, flat[i + 3]!]);
    else {
      entry[0] += flat[i + 1]!;
      entry[1] += flat[i + 2]!;
      entry[2] += flat[i + 3]!;
    }
  }
}

const addTriple = (to: [number, number, number], from: readonly number[]) => {
  to[0] += from[0]!;
  to[1] += from[1]!;
  to[2] += from[2]!;
};

const OFFER_DIMENSION = SUMMARY_DIMENSIONS.indexOf("offer");

/**
 * What the summaries tell about offers' currencies: each offer with the currency its records
 * carry, and each offer of records without one (currency ""), for inferCurrencies.
 */
export function offerCurrencies(summaries: Iterable<PurchaseSummary>): Array<{ offerCode: string; currency: string }> {
  const pairs = new Map<string, { offerCode: string; currency: string }>();
  for (const summary of summaries) {
    for (const c of summary.currencies) {
      if (!c.currency) pairs.set(`\n${c.offer ?? ""}`, { offerCode: c.offer ?? "", currency: "" });
      else for (const cell of c.dims[OFFER_DIMENSION] ?? []) if (cell[0] !== NONE) pairs.set(`${c.currency}\n${cell[0]}`, { offerCode: cell[0], currency: c.currency });
    }
  }
  return [...pairs.values()];
}

/** The purchases without a currency, per offer ("" for none). */
export function missingCurrencyByOffer(summaries: Iterable<PurchaseSummary>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const summary of summaries) for (const c of summary.currencies) if (!c.currency) counts.set(c.offer ?? "", (counts.get(c.offer ?? "") ?? 0) + c.purchases);
  return counts;
}

/**
 * The merge, one summary at a time: `mergeSummaries` runs it in one go, `mergeSummariesInSlices`
 * gives the event loop turns between summaries (two years at scale 20 is ~60 ms of work a merge).
 */
class SummaryMerge {
  private readonly byCurrency = new Map<string, number>();
  private readonly merged: MergedCurrency[] = [];
  private paidBefore = 0;
  private readonly orders: OrderTable;

  constructor(summaries: readonly PurchaseSummary[], private readonly assumption: CurrencyAssumption) {
    let orderCount = 0;
    for (const summary of summaries) for (const c of summary.currencies) orderCount += c.orders.length / 2;
    this.orders = OrderTable.borrow(orderCount);
  }

  add(summary: PurchaseSummary): void {
    const { byCurrency, merged, orders } = this;
    this.paidBefore = Math.max(this.paidBefore, summary.paidBefore);
    for (const c of summary.currencies) {
      const currency = currencyOfRecord(this.assumption, { currency: c.currency, offerCode: c.offer }).currency;
      let g = byCurrency.get(currency);
      if (g === undefined) {
        g = merged.length;
        byCurrency.set(currency, g);
        merged.push({ currency, purchases: 0, orders: 0, frontOrders: 0, bump: 0, upsell: 0, downsell: 0, sums: new Array<number>(SUM_FIELDS.length).fill(0), slots: new Map(), dims: SUMMARY_DIMENSIONS.map(() => new Map()), funds: new Map(), paid: [0, 0, 0], unscheduled: [0, 0, 0] });
      }
      const m = merged[g]!;
      m.purchases += c.purchases;
      m.orders += c.withoutOrder;
      m.frontOrders += c.frontWithoutOrder;
      for (let i = 0; i < SUM_FIELDS.length; i++) m.sums[i]! += c.sums[i]!;
      addFlat(m.slots, c.slots);
      addFlat(m.funds, c.funds);
      addTriple(m.paid, c.paid);
      addTriple(m.unscheduled, c.unscheduled);
      c.dims.forEach((cells, d) => {
        const into = m.dims[d]!;
        for (const cell of cells) {
          const seen = into.get(cell[0]);
          // The products are copied: a stored summary's cells are never written to.
          if (seen === undefined) into.set(cell[0], cell[5] ? [cell[0], cell[1], cell[2], cell[3], cell[4], [...cell[5]]] : [...cell]);
          else {
            seen[1] += cell[1];
            seen[2] += cell[2];
            seen[3] += cell[3];
            if (cell[5]) {
              const products = (seen[5] ??= []);
              for (const product of cell[5]) if (!products.includes(product)) products.push(product);
            }
          }
        }
      });
      for (let i = 0; i < c.orders.length; i += 2) orders.mark(g, c.orders[i]!, c.orders[i + 1]!);
    }
  }

  result(): MergedSummary {
    const { merged, orders } = this;
    orders.forEach((g, bits) => {
      const m = merged[g]!;
      m.orders++;
      if ((bits & ORDER_BITS.front) === 0) return;
      m.frontOrders++;
      if (bits & ORDER_BITS.order_bump) m.bump++;
      if (bits & ORDER_BITS.upsell) m.upsell++;
      if (bits & ORDER_BITS.downsell) m.downsell++;
    });
    orders.release();
    return { paidBefore: this.paidBefore, currencies: merged };
  }
}

/** `summaries` in record order (newest first), so an offer's label is the one the record path would see first. */
export function mergeSummaries(summaries: readonly PurchaseSummary[], assumption: CurrencyAssumption): MergedSummary {
  const merge = new SummaryMerge(summaries, assumption);
  for (const summary of summaries) merge.add(summary);
  return merge.result();
}

/** mergeSummaries, the event loop given turns between summaries (lib/work-slices.ts): the same answer. */
export async function mergeSummariesInSlices(summaries: readonly PurchaseSummary[], assumption: CurrencyAssumption): Promise<MergedSummary> {
  const merge = new SummaryMerge(summaries, assumption);
  const slice = new SliceClock();
  for (const summary of summaries) {
    merge.add(summary);
    await slice.tick();
  }
  return merge.result();
}
