// What the payout calendar reads of each purchase, as columns: one shape whether it comes from
// the records (lib/analytics/payout-sales.ts) or from the purchases fact table (the store's
// payoutSales), so one function (payouts-report.ts's toSales) makes the calendar's sales of
// both. Typed arrays, because two years at scale 20 are ~1.1 M sales: the fact store answers
// from a worker thread, and structured clone copies a typed array as one block of memory where
// an array of objects costs a million of them.

export interface PayoutSaleColumns {
  length: number;
  purchaseId: Float64Array;
  /** When the sale was made (soldMsOf); NaN when unreadable. */
  soldMs: Float64Array;
  /** incomingAvailableAt; NaN when absent or unreadable. */
  availableMs: Float64Array;
  /** Cents: amountCreatorNet, amountAffiliationNet (in key-share's netShareIndex order), amountTransaction, amountRefunded. */
  creatorNet: Float64Array;
  affiliationNet: Float64Array;
  transaction: Float64Array;
  refunded: Float64Array;
  /** Index into `products`: productName, "" for none. */
  product: Uint32Array;
  products: string[];
  /** Index into `currencies`: the currency already placed (the record's own, else its assumed one). */
  currency: Uint32Array;
  currencies: string[];
}

export interface PayoutSaleInput {
  purchaseId: number;
  soldMs: number;
  availableMs: number;
  creatorNet: number;
  affiliationNet: number;
  transaction: number;
  refunded: number;
  product: string;
  currency: string;
}

export type NumberColumn = "purchaseId" | "soldMs" | "availableMs" | "creatorNet" | "affiliationNet" | "transaction" | "refunded";
export const NUMBER_COLUMNS: readonly NumberColumn[] = ["purchaseId", "soldMs", "availableMs", "creatorNet", "affiliationNet", "transaction", "refunded"];

/**
 * Collects sales into columns; a purchase id already collected is skipped (its first copy stays,
 * as fetchRange keeps it). The columns are typed arrays that double as they fill: arrays of
 * numbers pushed a million times took two seconds of the payout calendar's read at scale 20, and
 * a Set of every id another half to one (done() finds repeated ids by sorting a copy instead, and
 * drops the later copies only when there are some).
 */
export class PayoutColumnsBuilder {
  private length = 0;
  private numbers: Record<NumberColumn, Float64Array>;
  private product: Uint32Array;
  private currency: Uint32Array;
  private readonly products = new Map<string, number>();
  private readonly currencies = new Map<string, number>();

  /** `expected`: about how many sales will be pushed (the columns grow past it). */
  constructor(expected = 1024) {
    const capacity = Math.max(16, expected);
    this.numbers = Object.fromEntries(NUMBER_COLUMNS.map((c) => [c, new Float64Array(capacity)])) as Record<NumberColumn, Float64Array>;
    this.product = new Uint32Array(capacity);
    this.currency = new Uint32Array(capacity);
  }

  push(sale: PayoutSaleInput): void {
    this.pushValues(sale.purchaseId, sale.soldMs, sale.availableMs, sale.creatorNet, sale.affiliationNet, sale.transaction, sale.refunded, sale.product, sale.currency);
  }

  /** push's sale as its values, in PayoutSaleInput's order: a reader of a million rows makes no object per row. */
  pushValues(purchaseId: number, soldMs: number, availableMs: number, creatorNet: number, affiliationNet: number, transaction: number, refunded: number, product: string, currency: string): void {
    if (this.length === this.product.length) this.grow();
    const i = this.length++;
    const n = this.numbers;
    n.purchaseId[i] = purchaseId;
    n.soldMs[i] = soldMs;
    n.availableMs[i] = availableMs;
    n.creatorNet[i] = creatorNet;
    n.affiliationNet[i] = affiliationNet;
    n.transaction[i] = transaction;
    n.refunded[i] = refunded;
    this.product[i] = indexIn(this.products, product);
    this.currency[i] = indexIn(this.currencies, currency);
  }

  /**
   * `count` sales whose numbers are columns already (a batch of the fact table's rows, read a column
   * at a time): copied as blocks; each row's product and currency given as its place (1-based) in
   * a list of names, or, where the place is NaN, as its own text. The same as pushing each row.
   */
  pushColumns(count: number, numbers: Readonly<Record<NumberColumn, Float64Array>>, product: PlacedNames, currency: PlacedNames): void {
    while (this.length + count > this.product.length) this.grow();
    const at = this.length;
    for (const c of NUMBER_COLUMNS) this.numbers[c].set(numbers[c].subarray(0, count), at);
    placeNames(this.product, at, count, product, this.products);
    placeNames(this.currency, at, count, currency, this.currencies);
    this.length += count;
  }

  private grow(): void {
    const wider = <A extends Float64Array | Uint32Array>(a: A): A => {
      const b = new (a.constructor as new (n: number) => A)(a.length * 2);
      b.set(a);
      return b;
    };
    this.numbers = Object.fromEntries(NUMBER_COLUMNS.map((c) => [c, wider(this.numbers[c])])) as Record<NumberColumn, Float64Array>;
    this.product = wider(this.product);
    this.currency = wider(this.currency);
  }

  /**
   * The rows put in the order of `stretches` ([start, end) pairs covering the rows pushed, each
   * once), each stretch's rows kept in their order; the products and currencies numbered again as
   * first met in the new order (as pushing the rows in it numbers them). Each column is copied by
   * blocks into one spare column, the one it leaves the spare of the next.
   */
  orderStretches(stretches: ReadonlyArray<readonly [number, number]>): void {
    const copied = <A extends Float64Array | Uint32Array>(from: A, into: A): A => {
      let at = 0;
      for (const [start, end] of stretches) {
        into.set(from.subarray(start, end), at);
        at += end - start;
      }
      if (at !== this.length) throw new RangeError(`the stretches hold ${at} rows of ${this.length}`);
      return into;
    };
    let spare: Float64Array = new Float64Array(this.product.length);
    for (const c of NUMBER_COLUMNS) {
      const old = this.numbers[c];
      this.numbers[c] = copied(old, spare);
      spare = old;
    }
    const product = this.product;
    this.product = copied(product, new Uint32Array(product.length));
    this.currency = copied(this.currency, product);
    renumber(this.product, this.length, this.products);
    renumber(this.currency, this.length, this.currencies);
  }

  /** Keeps each id's first row, the rows in order, the products and currencies numbered by their first kept row (as pushing only those rows numbers them). */
  private dropRepeats(): void {
    const seen = new Set<number>();
    const products = [...this.products.keys()];
    const currencies = [...this.currencies.keys()];
    this.products.clear();
    this.currencies.clear();
    const n = this.numbers;
    let kept = 0;
    for (let i = 0; i < this.length; i++) {
      const id = n.purchaseId[i]!;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const c of NUMBER_COLUMNS) n[c][kept] = n[c][i]!;
      this.product[kept] = indexIn(this.products, products[this.product[i]!]!);
      this.currency[kept] = indexIn(this.currencies, currencies[this.currency[i]!]!);
      kept++;
    }
    this.length = kept;
  }

  done(): PayoutSaleColumns {
    if (repeatsAny(this.numbers.purchaseId.subarray(0, this.length))) this.dropRepeats();
    const n = this.numbers;
    // A builder sized to its rows hands over its own arrays: copying a million rows' columns is not free.
    const cut = <A extends Float64Array | Uint32Array>(a: A): A => (a.length === this.length ? a : (a.slice(0, this.length) as A));
    return {
      length: this.length,
      purchaseId: cut(n.purchaseId),
      soldMs: cut(n.soldMs),
      availableMs: cut(n.availableMs),
      creatorNet: cut(n.creatorNet),
      affiliationNet: cut(n.affiliationNet),
      transaction: cut(n.transaction),
      refunded: cut(n.refunded),
      product: cut(this.product),
      products: [...this.products.keys()],
      currency: cut(this.currency),
      currencies: [...this.currencies.keys()],
    };
  }
}

/** Every typed array of the columns (what moves when they are posted to another thread: lib/store/worker/transfer.ts). */
export const payoutColumnArrays = (c: PayoutSaleColumns): ArrayBufferView[] => [c.purchaseId, c.soldMs, c.availableMs, c.creatorNet, c.affiliationNet, c.transaction, c.refunded, c.product, c.currency];

/** Whether an id comes twice (NaN twice included, as a Set counts it). */
function repeatsAny(ids: Float64Array): boolean {
  // Ids falling all the way (the records' order, newest first, where ids grow with time) repeat none: no sort.
  let falling = true;
  for (let i = 1; i < ids.length && falling; i++) falling = ids[i]! < ids[i - 1]!;
  if (falling) return false;
  // Float64Array's sort puts NaN last.
  const sorted = Float64Array.from(ids).sort();
  for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1] || (Number.isNaN(sorted[i]!) && Number.isNaN(sorted[i - 1]!))) return true;
  return false;
}

/** Names of rows as places (1-based) in `names`, NaN where a row gives its own `text`. */
export interface PlacedNames { place: Float64Array; names: readonly string[]; text?: ArrayLike<string | null> }

/** Each row's index in `map` (numbered as first met), written from `at`: a place's index is looked up once, not once a row. */
function placeNames(into: Uint32Array, at: number, count: number, placed: PlacedNames, map: Map<string, number>): void {
  const indexOfPlace = new Int32Array(placed.names.length + 1).fill(-1);
  for (let i = 0; i < count; i++) {
    const place = placed.place[i]!;
    if (Number.isNaN(place)) {
      into[at + i] = indexIn(map, placed.text![i] as string);
      continue;
    }
    let index = indexOfPlace[place]!;
    if (index < 0) indexOfPlace[place] = index = indexIn(map, placed.names[place - 1]!);
    into[at + i] = index;
  }
}

/** The first `length` indices numbered again as first met, `names` (name → index) with them. */
function renumber(indices: Uint32Array, length: number, names: Map<string, number>): void {
  const list = [...names.keys()];
  const place = new Int32Array(list.length).fill(-1);
  names.clear();
  for (let i = 0; i < length; i++) {
    const old = indices[i]!;
    let now = place[old]!;
    if (now < 0) {
      place[old] = now = names.size;
      names.set(list[old]!, now);
    }
    indices[i] = now;
  }
}

function indexIn(map: Map<string, number>, key: string): number {
  let i = map.get(key);
  if (i === undefined) map.set(key, (i = map.size));
  return i;
}
