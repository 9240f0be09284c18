// The risk that money about to become available is lost to a refund or a chargeback: the
// account's own history, as the share of net money lost at each day of a sale's age. A curve is
// fitted at a cutoff from what was known then (sales before it, losses requested before it),
// so the same code predicts today and back-tests past months without looking ahead.
//
// For each age day k (0 … HORIZON-1): exposure = the net of sales observed through all of day
// k; lost = the net lost at age k by those sales. Their ratio is the day's hazard, and G(k),
// the running sum, the share of a sale's net lost by age k. A sale now `a` days old with no
// loss yet is expected to lose (G(H) − G(a)) / (1 − G(a)) of its net before the horizon.
import { DAY_MS } from "@/lib/calendar";
import { capSaleLossCents } from "./sale-losses";
import { rowsByTime } from "./time-order";
import { saleAt, saleTableOf, type PayoutModelSales, type PayoutSaleTable } from "./payout-sale-table";

/** Losses are expected up to this many days after the sale; later ones are too rare to model (and chargebacks arrive within about two months). */
export const HORIZON_DAYS = 60;
/** A product gets a curve of its own with at least this many sales observed through the whole horizon. */
export const MIN_PRODUCT_SALES = 200;

export type LossKind = "refund" | "chargeback";

export interface RiskSale {
  id: number;
  soldMs: number;
  /** The key's net share in cents: what becomes available. */
  netCents: number;
  product: string;
}

export interface LossEvent {
  saleId: number;
  kind: LossKind;
  /** When the refund or chargeback was requested. */
  atMs: number;
  /** The part of the sale's net it takes back, in cents (at most the sale's net). */
  lostCents: number;
  /** When a dispute was won and the money came back: from then on it is no loss. */
  reversedMs?: number;
}

/** G(0 … H) of one kind: the share of net lost by each age, G(0) = 0. */
export type LossCurve = Float64Array;

export interface RiskModel {
  cutoffMs: number;
  account: Record<LossKind, LossCurve>;
  byProduct: Map<string, Record<LossKind, LossCurve>>;
  /** Sales observed through the whole horizon: the sample behind the account's curves. */
  matureSales: number;
}

const ageDay = (fromMs: number, toMs: number) => Math.floor((toMs - fromMs) / DAY_MS);

// `observedTo[o]`: the net of sales observed through o whole days; exposure on day k is the sum over o > k.
interface Tally { observedTo: Float64Array; lost: Record<LossKind, Float64Array>; mature: number }

const newTally = (): Tally => ({ observedTo: new Float64Array(HORIZON_DAYS + 1), lost: { refund: new Float64Array(HORIZON_DAYS), chargeback: new Float64Array(HORIZON_DAYS) }, mature: 0 });

function curve(tally: Tally, kind: LossKind): LossCurve {
  const exposure = new Float64Array(HORIZON_DAYS);
  for (let k = HORIZON_DAYS - 1, sum = 0; k >= 0; k--) exposure[k] = sum += tally.observedTo[k + 1]!;
  const g = new Float64Array(HORIZON_DAYS + 1);
  for (let k = 0; k < HORIZON_DAYS; k++) g[k + 1] = g[k]! + (exposure[k]! > 0 ? tally.lost[kind][k]! / exposure[k]! : 0);
  return g;
}

/** The events in request order (stable: ties keep the given order), once per list; null when an instant is not a number that orders. */
const byRequest = new WeakMap<readonly LossEvent[], readonly LossEvent[] | null>();

function eventsByRequest(events: readonly LossEvent[]): readonly LossEvent[] | null {
  let sorted = byRequest.get(events);
  if (sorted === undefined) {
    sorted = events.every((e) => Number.isFinite(e.atMs)) ? [...events].sort((a, b) => a.atMs - b.atMs) : null;
    byRequest.set(events, sorted);
  }
  return sorted;
}

/**
 * Losses of each sale as known at the cutoff (requested before it, not won back before it), in
 * request order, each capped at what the sale still had. The model at now, each back-tested
 * month's start and the calendar ask it of the same events: they are put in request order once
 * (eventsByRequest), so each sale's list comes in order without a sort of its own.
 */
export function lossesBySale(events: readonly LossEvent[], sales: ReadonlyMap<number, RiskSale>, cutoffMs: number): ReadonlyMap<number, readonly LossEvent[]> {
  // The model at now, the back-test's outcomes and the calendar ask it at the same instant of the
  // same events and sales, the back-test's month starts in between: the first answer and the
  // last are kept with the lists (their lists are read, never changed).
  let bySales = answered.get(events);
  if (!bySales) answered.set(events, (bySales = new WeakMap()));
  let kept = bySales.get(sales);
  if (!kept) bySales.set(sales, (kept = []));
  const found = kept.find((k) => k.cutoffMs === cutoffMs);
  if (found) return found.losses;
  const losses = lossesAt(events, sales, cutoffMs);
  kept[Math.min(kept.length, 1)] = { cutoffMs, losses };
  return losses;
}

/** lossesBySale's first and last answers per list of events and index of sales. */
const answered = new WeakMap<readonly LossEvent[], WeakMap<ReadonlyMap<number, RiskSale>, Array<{ cutoffMs: number; losses: ReadonlyMap<number, readonly LossEvent[]> }>>>();

/**
 * The events in request order with the sale each takes from, numbered (-1: not one of the sales),
 * once per list of events and index of sales: each cutoff then groups them by number, not by a
 * lookup of each event's sale (the back-test asks at ~20 cutoffs of ~70 k events at scale 20).
 */
interface NumberedEvents { sorted: readonly LossEvent[]; sale: Int32Array; ids: number[]; nets: number[] }
const numberedEvents = new WeakMap<readonly LossEvent[], WeakMap<ReadonlyMap<number, RiskSale>, NumberedEvents>>();

function numbered(sorted: readonly LossEvent[], sales: ReadonlyMap<number, RiskSale>): NumberedEvents {
  let bySales = numberedEvents.get(sorted);
  if (!bySales) numberedEvents.set(sorted, (bySales = new WeakMap()));
  let found = bySales.get(sales);
  if (found) return found;
  const numbers = new Map<number, number>();
  found = { sorted, sale: new Int32Array(sorted.length), ids: [], nets: [] };
  for (let k = 0; k < sorted.length; k++) {
    const id = sorted[k]!.saleId;
    let n = numbers.get(id);
    if (n === undefined) {
      const sale = sales.get(id);
      n = sale ? found.ids.push(id) - 1 : -1;
      if (sale) found.nets.push(sale.netCents);
      numbers.set(id, n);
    }
    found.sale[k] = n;
  }
  bySales.set(sales, found);
  return found;
}

function lossesAt(events: readonly LossEvent[], sales: ReadonlyMap<number, RiskSale>, cutoffMs: number): Map<number, LossEvent[]> {
  const sorted = eventsByRequest(events);
  if (sorted) return lossesInOrder(numbered(sorted, sales), cutoffMs);
  const bySale = new Map<number, LossEvent[]>();
  for (const e of sorted ?? events) {
    // In request order, every event after one requested at or past the cutoff is too: a
    // back-tested month's start reads only the events before it.
    if (e.atMs >= cutoffMs) {
      if (sorted) break;
      continue;
    }
    if ((e.reversedMs !== undefined && e.reversedMs < cutoffMs) || !sales.has(e.saleId)) continue;
    const list = bySale.get(e.saleId);
    if (list) list.push(e);
    else bySale.set(e.saleId, [e]);
  }
  for (const [id, list] of bySale) {
    if (!sorted) list.sort((a, b) => a.atMs - b.atMs);
    capEachLoss(list, sales.get(id)!.netCents);
  }
  return bySale;
}

/**
 * Each of a sale's losses (in request order) capped at what the sale still had: a sale refunded
 * and then charged back loses its net once. A loss is copied only when the cap changes it: the
 * given events are never changed.
 */
function capEachLoss(list: LossEvent[], netCents: number): void {
  let left = netCents;
  for (let i = 0; i < list.length; i++) {
    const e = list[i]!;
    const lost = capSaleLossCents(Math.max(0, left), e.lostCents);
    if (lost !== e.lostCents) list[i] = { ...e, lostCents: lost };
    left -= lost;
  }
}

/** lossesAt's answer from events in request order, numbered by sale: the same lists, in the same order. */
function lossesInOrder(events: NumberedEvents, cutoffMs: number): Map<number, LossEvent[]> {
  const { sorted, sale, ids, nets } = events;
  const lists: Array<LossEvent[] | undefined> = new Array(ids.length);
  // The sales in the order of their first event, as a map filled event by event lists them.
  const order: number[] = [];
  for (let k = 0; k < sorted.length; k++) {
    const e = sorted[k]!;
    // In request order, every event after one requested at or past the cutoff is too.
    if (e.atMs >= cutoffMs) break;
    const n = sale[k]!;
    if (n < 0 || (e.reversedMs !== undefined && e.reversedMs < cutoffMs)) continue;
    const list = lists[n];
    if (list) list.push(e);
    else {
      lists[n] = [e];
      order.push(n);
    }
  }
  const bySale = new Map<number, LossEvent[]>();
  for (const n of order) {
    const list = lists[n]!;
    capEachLoss(list, nets[n]!);
    bySale.set(ids[n]!, list);
  }
  return bySale;
}

const observedDays = (soldMs: number, cutoffMs: number) => Math.min(HORIZON_DAYS, ageDay(soldMs, cutoffMs));

/**
 * The sales a loss names, by id: all that lossesBySale reads of the sales. An index of every
 * sale took 0.4-2.5 s at a million sales (scale 20) and was made four times a request; losses
 * name a few percent of them.
 */
export function lossSalesOf<S extends Pick<RiskSale, "id">>(sales: readonly S[], events: readonly LossEvent[]): Map<number, S> {
  const named = new Set<number>();
  for (const e of events) named.add(e.saleId);
  const found = new Map<number, S>();
  // The last of a repeated id, as an index of every sale would hold.
  for (const s of sales) if (named.has(s.id)) found.set(s.id, s);
  return found;
}

/** lossSalesOf's, from a list of sales or their table (the sales a loss names as objects, made for those rows only). */
export function lossSalesIn(sales: PayoutModelSales, events: readonly LossEvent[]): Map<number, RiskSale> {
  if (Array.isArray(sales)) return lossSalesOf(sales as readonly RiskSale[], events);
  const table = saleTableOf(sales);
  const named = new Set<number>();
  for (const e of events) named.add(e.saleId);
  const found = new Map<number, RiskSale>();
  for (let i = 0; i < table.length; i++) if (named.has(table.id[i]!)) found.set(table.id[i]!, saleAt(table, i));
  return found;
}

/** `lossSales`: lossSalesOf's (or an index of `sales` holding at least those), when the caller has it. Each purchase is one sale of the list (lib/records/payout-columns.ts). */
export function fitRiskModel(sales: PayoutModelSales, events: readonly LossEvent[], cutoffMs: number, lossSales: ReadonlyMap<number, RiskSale> = lossSalesIn(sales, events)): RiskModel {
  return fitWithLosses(sales, lossesBySale(events, lossSales, cutoffMs), lossSales, cutoffMs);
}

/**
 * The model from the losses known at the cutoff (lossesBySale's at `cutoffMs`). A sale sold
 * before the cutoff, with a net, is exposed on each whole day of age observed before it (up to
 * the horizon); a loss counts on the day of age it was requested, when that day was observed.
 * The sales are read as columns (payout-sale-table.ts), a product as a number: the net and losses are
 * whole cents, so the sums do not depend on the order they are added in.
 */
export function fitWithLosses(sales: PayoutModelSales, losses: ReadonlyMap<number, readonly LossEvent[]>, lossSales: ReadonlyMap<number, RiskSale>, cutoffMs: number): RiskModel {
  const c = saleTableOf(sales);
  const productIndex = new Map(c.products.map((p, i) => [p, i]));
  const { account, tallies, seen } = exposure(c, cutoffMs);
  for (const [id, lost] of losses) {
    const s = lossSales.get(id);
    if (!s || s.soldMs >= cutoffMs || s.netCents <= 0) continue;
    const observed = observedDays(s.soldMs, cutoffMs);
    if (observed <= 0) continue;
    // A sale of the list was exposed above, so its product has a tally (lossSales holds sales of `sales`).
    const p = productIndex.get(s.product);
    const product = p === undefined ? undefined : tallies[p];
    if (!product) continue;
    for (const e of lost) {
      const k = Math.max(0, ageDay(s.soldMs, e.atMs));
      if (k >= observed) continue;
      account.lost[e.kind][k]! += e.lostCents;
      product.lost[e.kind][k]! += e.lostCents;
    }
  }
  const curves = (t: Tally) => ({ refund: curve(t, "refund"), chargeback: curve(t, "chargeback") });
  const byProduct = new Map(seen.filter((p) => tallies[p]!.mature >= MIN_PRODUCT_SALES).map((p) => [c.products[p]!, curves(tallies[p]!)] as const));
  return { cutoffMs, account: curves(account), byProduct, matureSales: account.mature };
}

/**
 * The table's exposed sales (a net, made at least one whole day before the cutoff) in order of
 * sale, once per table, for exposure(): their rows, their instants, and every CHECKPOINT rows the
 * net and count so far of each product. Sorted once per table (time-order.ts); every fit after
 * it reads the mature sales as sums.
 */
interface SalesBySaleTime { rows: Int32Array; soldMs: Float64Array; sums: Float64Array; counts: Float64Array }
const CHECKPOINT = 2048;
const bySaleTime = new WeakMap<PayoutSaleTable, SalesBySaleTime>();

function salesBySaleTime(c: PayoutSaleTable): SalesBySaleTime {
  let found = bySaleTime.get(c);
  if (found) return found;
  const picked: number[] = [];
  // A sale without an instant is never mature nor observed for a day (its age is not a number).
  // As the fit has always read them: a net not above zero is no exposure (a net that is not a number is, and makes the curves so).
  for (let i = 0; i < c.length; i++) if (!(c.net[i]! <= 0) && !Number.isNaN(c.soldMs[i]!)) picked.push(i);
  const rows = rowsByTime(c.soldMs, picked);
  const soldMs = new Float64Array(rows.length);
  const products = c.products.length;
  const checkpoints = Math.floor(rows.length / CHECKPOINT) + 1;
  const sums = new Float64Array(checkpoints * products);
  const counts = new Float64Array(checkpoints * products);
  const sum = new Float64Array(products);
  const count = new Float64Array(products);
  for (let k = 0; k < rows.length; k++) {
    if (k % CHECKPOINT === 0) {
      sums.set(sum, (k / CHECKPOINT) * products);
      counts.set(count, (k / CHECKPOINT) * products);
    }
    const i = rows[k]!;
    soldMs[k] = c.soldMs[i]!;
    sum[c.product[i]!]! += c.net[i]!;
    count[c.product[i]!]!++;
  }
  if (rows.length % CHECKPOINT === 0) {
    sums.set(sum, (rows.length / CHECKPOINT) * products);
    counts.set(count, (rows.length / CHECKPOINT) * products);
  }
  found = { rows, soldMs, sums, counts };
  bySaleTime.set(c, found);
  return found;
}

/** How many of the sorted instants `at` hold `test` (true of a first run, then false). */
function countWhile(at: Float64Array, test: (ms: number) => boolean): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (test(at[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A sale sold before the cutoff, with a net, is exposed on each whole day of age observed before
 * it (up to the horizon): the net of the sales observed through o whole days, per product and for
 * the account, and the mature ones (observed through the horizon) counted. The mature sales are
 * summed from the sorted sales' checkpoints, only the horizon's newest sales read one by one; the
 * cents are whole, so the sums are those of reading every sale. The products are listed in the
 * order their first exposed sale comes in the table, as the curves' map lists them.
 */
function exposure(c: PayoutSaleTable, cutoffMs: number): { account: Tally; tallies: Array<Tally | undefined>; seen: number[] } {
  const sorted = salesBySaleTime(c);
  const products = c.products.length;
  const mature = countWhile(sorted.soldMs, (ms) => observedDays(ms, cutoffMs) === HORIZON_DAYS);
  const exposed = countWhile(sorted.soldMs, (ms) => ms < cutoffMs && observedDays(ms, cutoffMs) > 0);
  const account = newTally();
  const tallies: Array<Tally | undefined> = new Array(products);
  const tally = (p: number) => (tallies[p] ??= newTally());
  // The mature sales: a checkpoint's sums, then the rows after it.
  const base = Math.floor(mature / CHECKPOINT);
  const matureSum = sorted.sums.slice(base * products, (base + 1) * products);
  const matureCount = sorted.counts.slice(base * products, (base + 1) * products);
  for (let k = base * CHECKPOINT; k < mature; k++) {
    const i = sorted.rows[k]!;
    matureSum[c.product[i]!]! += c.net[i]!;
    matureCount[c.product[i]!]!++;
  }
  for (let p = 0; p < products; p++) {
    if (matureCount[p] === 0) continue;
    const t = tally(p);
    t.observedTo[HORIZON_DAYS]! += matureSum[p]!;
    t.mature += matureCount[p]!;
    account.observedTo[HORIZON_DAYS]! += matureSum[p]!;
    account.mature += matureCount[p]!;
  }
  for (let k = mature; k < exposed; k++) {
    const i = sorted.rows[k]!;
    const observed = observedDays(sorted.soldMs[k]!, cutoffMs);
    const net = c.net[i]!;
    account.observedTo[observed]! += net;
    tally(c.product[i]!).observedTo[observed]! += net;
  }
  const seen: number[] = [];
  const present = tallies.filter(Boolean).length;
  for (let i = 0; i < c.length && seen.length < present; i++) {
    const p = c.product[i]!;
    const soldMs = c.soldMs[i]!;
    if (c.net[i]! <= 0 || !(soldMs < cutoffMs) || !(observedDays(soldMs, cutoffMs) > 0) || seen.includes(p)) continue;
    seen.push(p);
  }
  return { account, tallies, seen };
}

/** G at a fractional age: the part of a day already lived is no longer ahead (day 0 alone holds a quarter of the losses). */
function curveAt(g: LossCurve, ageDays: number): number {
  const a = Math.max(0, Math.min(HORIZON_DAYS, ageDays));
  const k = Math.min(HORIZON_DAYS - 1, Math.floor(a));
  return g[k]! + (a - k) * (g[k + 1]! - g[k]!);
}

/** A model that expects nothing: used when the history is too short to learn from. */
export function noRiskModel(cutoffMs: number): RiskModel {
  const zero = () => new Float64Array(HORIZON_DAYS + 1);
  return { cutoffMs, account: { refund: zero(), chargeback: zero() }, byProduct: new Map(), matureSales: 0 };
}

/** The share of its net a sale `ageDays` old, with no loss yet, is expected still to lose: per kind. */
export function remainingRisk(curves: Record<LossKind, LossCurve>, ageDays: number): Record<LossKind, number> {
  const share = (g: LossCurve) => {
    const lived = curveAt(g, ageDays);
    return Math.min(1, Math.max(0, (g[HORIZON_DAYS]! - lived) / Math.max(1e-9, 1 - lived)));
  };
  return { refund: share(curves.refund), chargeback: share(curves.chargeback) };
}

/** The expected loss of a sale in cents at the model's cutoff: nothing once it has lost something or passed the horizon. */
export function expectedLossCents(model: RiskModel, sale: RiskSale, alreadyLost: boolean): number {
  return expectedLossOf(model, sale.soldMs, sale.netCents, sale.product, alreadyLost);
}

/** expectedLossCents of a sale given as its values (a row of the sales' table). */
export function expectedLossOf(model: RiskModel, soldMs: number, netCents: number, product: string, alreadyLost: boolean): number {
  if (alreadyLost || netCents <= 0) return 0;
  const age = Math.max(0, (model.cutoffMs - soldMs) / DAY_MS);
  if (age >= HORIZON_DAYS) return 0;
  const risk = remainingRisk(model.byProduct.get(product) ?? model.account, age);
  return netCents * Math.min(1, risk.refund + risk.chargeback);
}
