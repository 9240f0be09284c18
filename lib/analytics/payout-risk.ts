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
 * The losses known at a cutoff, as columns: each loss that counts (requested before the cutoff,
 * not won back before it, of one of the sales) in request order, with the part of its sale's net
 * it takes (capped at what the sale still had: a sale refunded and then charged back loses its
 * net once), and what each sale's losses take together. The fit at each back-tested month's start
 * reads these; lossesBySale's lists (the calendar's) are made from them. Made as a map of lists
 * for every month start, they took ~35 ms each and most of the back-test's garbage at scale 20.
 */
export interface KnownLosses {
  cutoffMs: number;
  length: number;
  /** Per loss that counts: its event (an index of `losses` and of `columns`), its sale (an index of `sales`), the cents it takes. */
  event: Int32Array;
  sale: Int32Array;
  lost: Float64Array;
  losses: readonly LossEvent[];
  /** `losses` as columns (EventColumns): what the fits read of them. */
  columns: EventColumns;
  /** The sales the losses take from, numbered, with their instants and nets as columns; `numbers`: a sale's number by id. */
  sales: readonly RiskSale[];
  soldMs: Float64Array;
  nets: Float64Array;
  numbers: SaleNumbers;
  /** Per numbered sale: the cents its losses take together, summed in request order (0: none counts). */
  total: Float64Array;
}

/**
 * knownLossesAt's first and last answers per list of events and index of sales: the model at
 * now, the back-test's outcomes and the calendar ask at the same instant, the back-test's month
 * starts in between.
 */
const answered = new WeakMap<readonly LossEvent[], WeakMap<ReadonlyMap<number, RiskSale>, KnownLosses[]>>();

/** The losses known at the cutoff (KnownLosses). `sales`: the sales the losses name, by id (lossSalesOf's). */
export function knownLossesAt(events: readonly LossEvent[], sales: ReadonlyMap<number, RiskSale>, cutoffMs: number): KnownLosses {
  let bySales = answered.get(events);
  if (!bySales) answered.set(events, (bySales = new WeakMap()));
  let kept = bySales.get(sales);
  if (!kept) bySales.set(sales, (kept = []));
  const found = kept.find((k) => k.cutoffMs === cutoffMs);
  if (found) return found;
  const sorted = eventsByRequest(events);
  const known = sorted ? knownInOrder(numbered(sorted, sales), cutoffMs) : knownUnordered(events, sales, cutoffMs);
  kept[Math.min(kept.length, 1)] = known;
  return known;
}

/** What the known losses of the sale `id` take together, in cents (0: none). */
export function requestedCentsOf(known: KnownLosses, id: number): number {
  const n = known.numbers.numberOf(id);
  return n === undefined ? 0 : known.total[n]!;
}

const SLOTS = 2 ** 20;

/**
 * The numbers of the sales a loss names, by id. The calendar and the back-test ask it of ~1.2 M
 * sales at scale 20, a few percent of which a loss names: a mark per slot of the id (its
 * remainder) answers most of them without the map, whose keys (ids like 1.02e11) are not small
 * integers and are hashed as doubles (~0.1 s a request).
 */
export class SaleNumbers {
  private readonly map = new Map<number, number>();
  private readonly marks = new Uint8Array(SLOTS);
  private static slot = (id: number) => ((id % SLOTS) + SLOTS) % SLOTS | 0;

  set(id: number, n: number): void {
    this.map.set(id, n);
    this.marks[SaleNumbers.slot(id)] = 1;
  }

  numberOf(id: number): number | undefined {
    return this.marks[SaleNumbers.slot(id)] === 0 ? undefined : this.map.get(id);
  }
}

/** The lists made of each known losses (lossesBySale's), kept with them. */
const listsOfKnown = new WeakMap<KnownLosses, ReadonlyMap<number, readonly LossEvent[]>>();

/**
 * Losses of each sale as known at the cutoff (requested before it, not won back before it), in
 * request order, each capped at what the sale still had (a loss copied only where the cap changes
 * it: the given events are never changed); the sales in the order of their first loss.
 */
export function lossesBySale(events: readonly LossEvent[], sales: ReadonlyMap<number, RiskSale>, cutoffMs: number): ReadonlyMap<number, readonly LossEvent[]> {
  const known = knownLossesAt(events, sales, cutoffMs);
  let found = listsOfKnown.get(known);
  if (found) return found;
  const lists: Array<LossEvent[] | undefined> = new Array(known.sales.length);
  const order: number[] = [];
  for (let k = 0; k < known.length; k++) {
    const e = known.losses[known.event[k]!]!;
    const cents = known.lost[k]!;
    const loss = cents === e.lostCents ? e : { ...e, lostCents: cents };
    const n = known.sale[k]!;
    const list = lists[n];
    if (list) list.push(loss);
    else {
      lists[n] = [loss];
      order.push(n);
    }
  }
  // Keyed by the id the events name, as the index of sales is.
  const bySale = new Map<number, LossEvent[]>();
  for (const n of order) bySale.set(lists[n]![0]!.saleId, lists[n]!);
  listsOfKnown.set(known, (found = bySale));
  return found;
}

/** A loss's kind as a number in the columns: 0 a refund, 1 a chargeback. */
const KIND_CODE: Record<LossKind, number> = { refund: 0, chargeback: 1 };

/**
 * What each cutoff reads of the events, as columns (one place per event, in their list's order):
 * read off the events' objects at each of ~13 cutoffs, of ~70 k events at scale 20 (objects of two
 * shapes, with and without `reversedMs`), they took ~0.2 s of a first calendar. `reversedMs`: NaN
 * where none is, which no cutoff is after, as no `undefined` is.
 */
interface EventColumns { atMs: Float64Array; reversedMs: Float64Array; lostCents: Float64Array; kind: Uint8Array }

function eventColumnsOf(events: readonly LossEvent[]): EventColumns {
  const n = events.length;
  const columns = { atMs: new Float64Array(n), reversedMs: new Float64Array(n), lostCents: new Float64Array(n), kind: new Uint8Array(n) };
  for (let k = 0; k < n; k++) {
    const e = events[k]!;
    columns.atMs[k] = e.atMs;
    columns.reversedMs[k] = e.reversedMs === undefined ? NaN : e.reversedMs;
    columns.lostCents[k] = e.lostCents;
    columns.kind[k] = KIND_CODE[e.kind];
  }
  return columns;
}

/**
 * The events in request order with the sale each takes from, numbered (-1: not one of the sales),
 * once per list of events and index of sales: each cutoff then reads them by number, not by a
 * lookup of each event's sale (the back-test asks at ~12 cutoffs of ~70 k events at scale 20).
 */
interface NumberedEvents { sorted: readonly LossEvent[]; sale: Int32Array; columns: EventColumns; sales: RiskSale[]; numbers: SaleNumbers; nets: Float64Array; soldMs: Float64Array }

const numberedEvents = new WeakMap<readonly LossEvent[], WeakMap<ReadonlyMap<number, RiskSale>, NumberedEvents>>();

function numbered(sorted: readonly LossEvent[], sales: ReadonlyMap<number, RiskSale>): NumberedEvents {
  let bySales = numberedEvents.get(sorted);
  if (!bySales) numberedEvents.set(sorted, (bySales = new WeakMap()));
  const found = bySales.get(sales);
  if (found) return found;
  const numbers = new SaleNumbers();
  const named: RiskSale[] = [];
  const sale = new Int32Array(sorted.length);
  // Every id an event names, with -1 for those not of the sales; `numbers` keeps only the sales'.
  const seen = new Map<number, number>();
  for (let k = 0; k < sorted.length; k++) {
    const id = sorted[k]!.saleId;
    let n = seen.get(id);
    if (n === undefined) {
      const s = sales.get(id);
      n = s ? named.push(s) - 1 : -1;
      if (s) numbers.set(id, n);
      seen.set(id, n);
    }
    sale[k] = n;
  }
  const made = { sorted, sale, columns: eventColumnsOf(sorted), sales: named, numbers, nets: Float64Array.from(named, (s) => s.netCents), soldMs: Float64Array.from(named, (s) => s.soldMs) };
  bySales.set(sales, made);
  return made;
}

/** The known losses from events in request order, numbered by sale. */
function knownInOrder(events: NumberedEvents, cutoffMs: number): KnownLosses {
  const { sorted, sale } = events;
  const { atMs, reversedMs } = events.columns;
  const counted = new Int32Array(sorted.length);
  let n = 0;
  for (let k = 0; k < sorted.length; k++) {
    // In request order, every event after one requested at or past the cutoff is too.
    if (atMs[k]! >= cutoffMs) break;
    if (sale[k]! < 0 || reversedMs[k]! < cutoffMs) continue;
    counted[n++] = k;
  }
  const event = counted.slice(0, n);
  return cappedLosses(cutoffMs, sorted, events.columns, event, event.map((k) => sale[k]!), events.sales, events.numbers, events.nets, events.soldMs);
}

/**
 * Events whose instants do not all order: each sale's losses found in the given order and sorted
 * by request, one sale after another (a loss's cap reads only its own sale's earlier losses).
 */
function knownUnordered(events: readonly LossEvent[], sales: ReadonlyMap<number, RiskSale>, cutoffMs: number): KnownLosses {
  const bySale = new Map<number, LossEvent[]>();
  for (const e of events) {
    if (e.atMs >= cutoffMs || (e.reversedMs !== undefined && e.reversedMs < cutoffMs) || !sales.has(e.saleId)) continue;
    const list = bySale.get(e.saleId);
    if (list) list.push(e);
    else bySale.set(e.saleId, [e]);
  }
  const numbers = new SaleNumbers();
  const named: RiskSale[] = [];
  const losses: LossEvent[] = [];
  const saleOf: number[] = [];
  for (const [id, list] of bySale) {
    const n = named.push(sales.get(id)!) - 1;
    numbers.set(id, n);
    for (const e of list.sort((a, b) => a.atMs - b.atMs)) {
      losses.push(e);
      saleOf.push(n);
    }
  }
  return cappedLosses(cutoffMs, losses, eventColumnsOf(losses), Int32Array.from(losses, (_, k) => k), Int32Array.from(saleOf), named, numbers, Float64Array.from(named, (s) => s.netCents), Float64Array.from(named, (s) => s.soldMs));
}

/**
 * The known losses from the losses that count (`event`: their places in `losses`, each sale's in
 * request order; `sale`: their sales' numbers): each capped at what its sale still had, so a sale
 * refunded and then charged back loses its net once.
 */
function cappedLosses(cutoffMs: number, losses: readonly LossEvent[], columns: EventColumns, event: Int32Array, sale: Int32Array, sales: readonly RiskSale[], numbers: SaleNumbers, nets: Float64Array, soldMs: Float64Array): KnownLosses {
  const left = nets.slice();
  const total = new Float64Array(sales.length);
  const lost = new Float64Array(event.length);
  for (let k = 0; k < event.length; k++) {
    const n = sale[k]!;
    const cents = capSaleLossCents(Math.max(0, left[n]!), columns.lostCents[event[k]!]!);
    left[n]! -= cents;
    total[n]! += cents;
    lost[k] = cents;
  }
  return { cutoffMs, length: event.length, event, sale, lost, losses, columns, sales, soldMs, nets, numbers, total };
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
  return fitWithLosses(sales, knownLossesAt(events, lossSales, cutoffMs));
}

/**
 * Per sale of a known losses' list (KnownLosses's `sales`), its product's place in `products` (-1:
 * none), once per list and list of products: every cutoff's known losses share one list of sales,
 * and every fit of a request one table.
 */
const productPlaces = new WeakMap<readonly RiskSale[], { products: readonly string[]; places: Int32Array }>();

function productsOfSales(sales: readonly RiskSale[], products: readonly string[]): Int32Array {
  const found = productPlaces.get(sales);
  if (found && found.products === products) return found.places;
  const index = new Map(products.map((p, i) => [p, i]));
  const places = Int32Array.from(sales, (s) => index.get(s.product) ?? -1);
  productPlaces.set(sales, { products, places });
  return places;
}

/**
 * The model from the losses known at its cutoff (knownLossesAt's). A sale sold before the cutoff,
 * with a net, is exposed on each whole day of age observed before it (up to the horizon); a loss
 * counts on the day of age it was requested, when that day was observed. The sales are read as
 * columns (payout-sale-table.ts), a product as a number: the net and losses are whole cents, so
 * the sums do not depend on the order they are added in.
 */
export function fitWithLosses(sales: PayoutModelSales, known: KnownLosses): RiskModel {
  const { cutoffMs } = known;
  const c = saleTableOf(sales);
  const { account, tallies, seen } = exposure(c, cutoffMs);
  const productOf = productsOfSales(known.sales, c.products);
  const { soldMs, nets, sale, event, lost } = known;
  const { atMs, kind } = known.columns;
  for (let k = 0; k < known.length; k++) {
    const n = sale[k]!;
    const sold = soldMs[n]!;
    if (sold >= cutoffMs || nets[n]! <= 0) continue;
    const observed = observedDays(sold, cutoffMs);
    if (observed <= 0) continue;
    // A sale of the list was exposed above, so its product has a tally (the known losses' sales are sales of `sales`).
    const p = productOf[n]!;
    const product = p < 0 ? undefined : tallies[p];
    if (!product) continue;
    const e = event[k]!;
    const age = Math.max(0, ageDay(sold, atMs[e]!));
    if (age >= observed) continue;
    const of = kind[e] === 0 ? "refund" : "chargeback";
    account.lost[of][age]! += lost[k]!;
    product.lost[of][age]! += lost[k]!;
  }
  const curves = (t: Tally) => ({ refund: curve(t, "refund"), chargeback: curve(t, "chargeback") });
  const byProduct = new Map(seen.filter((p) => tallies[p]!.mature >= MIN_PRODUCT_SALES).map((p) => [c.products[p]!, curves(tallies[p]!)] as const));
  return { cutoffMs, account: curves(account), byProduct, matureSales: account.mature };
}

/**
 * The table's exposed sales (a net, made at least one whole day before the cutoff) in order of
 * sale, once per table, for exposure(): their rows, their instants, and every CHECKPOINT rows the
 * net and count so far of each product, and the first row (in the table's order) of each so far
 * (Infinity: none yet). Sorted once per table (time-order.ts); every fit after
 * it reads the mature sales as sums.
 */
interface SalesBySaleTime { rows: Int32Array; soldMs: Float64Array; sums: Float64Array; counts: Float64Array; firsts: Float64Array }
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
  const firsts = new Float64Array(checkpoints * products);
  const sum = new Float64Array(products);
  const count = new Float64Array(products);
  const first = new Float64Array(products).fill(Infinity);
  const mark = (k: number) => {
    sums.set(sum, (k / CHECKPOINT) * products);
    counts.set(count, (k / CHECKPOINT) * products);
    firsts.set(first, (k / CHECKPOINT) * products);
  };
  for (let k = 0; k < rows.length; k++) {
    if (k % CHECKPOINT === 0) mark(k);
    const i = rows[k]!;
    const p = c.product[i]!;
    soldMs[k] = c.soldMs[i]!;
    sum[p]! += c.net[i]!;
    count[p]!++;
    if (i < first[p]!) first[p] = i;
  }
  if (rows.length % CHECKPOINT === 0) mark(rows.length);
  found = { rows, soldMs, sums, counts, firsts };
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
  // The products in the order of their first exposed row in the table: each one's first row among
  // the exposed (a prefix of the sorted sales), from the checkpoint before its end. Read row by row
  // from the table, a cutoff months back passed every newer sale first (the records come newest
  // day first): ~1 M rows for each back-tested month at scale 20.
  const end = Math.floor(exposed / CHECKPOINT);
  const first = sorted.firsts.slice(end * products, (end + 1) * products);
  for (let k = end * CHECKPOINT; k < exposed; k++) {
    const i = sorted.rows[k]!;
    if (i < first[c.product[i]!]!) first[c.product[i]!] = i;
  }
  const seen: number[] = [];
  for (let p = 0; p < products; p++) if (first[p]! < Infinity) seen.push(p);
  seen.sort((a, b) => first[a]! - first[b]!);
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

/**
 * The share of its net a sale `ageDays` old, with no loss yet, is expected still to lose by one
 * curve. A function of its own, not a closure made per sale: the view's worker thread runs this
 * module through tsx, whose esbuild keeps names (`keepNames`, which its API does not let us turn
 * off), so every closure made is named by an Object.defineProperty call; one per sale took
 * ~0.24 s of a first payout calendar at scale 20 (docs/benchmarks.md).
 */
function remainingShare(g: LossCurve, ageDays: number): number {
  const lived = curveAt(g, ageDays);
  return Math.min(1, Math.max(0, (g[HORIZON_DAYS]! - lived) / Math.max(1e-9, 1 - lived)));
}

/** The share of its net a sale `ageDays` old, with no loss yet, is expected still to lose: per kind. */
export function remainingRisk(curves: Record<LossKind, LossCurve>, ageDays: number): Record<LossKind, number> {
  return { refund: remainingShare(curves.refund, ageDays), chargeback: remainingShare(curves.chargeback, ageDays) };
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
