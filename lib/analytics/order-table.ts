// The distinct orders of a set of purchases, per currency, each with a few flag bits, held
// in typed arrays (open addressing). A Set<number> of 600,000 order ids costs half a second
// over a million records, mostly in the garbage collector tracing its boxed entries; typed
// arrays hold no pointers. Sized once for the worst case (every purchase its own order) at
// most half full, so it never grows.
//
// Tables are kept between calls and reused: each new table is memory outside the JS heap,
// and V8 answers every 64 MB of that with a full collection, which with a million records
// in memory takes most of a second. A kept table is as large as the largest call needed
// (about 24 bytes a purchase: 24 MB after a million-purchase report). A few are kept, not one:
// a two-year merge runs in slices (lib/work-slices.ts), so several can be under way at once,
// each holding a table across its turns, and with one kept every other would make a new one.

/** At most this many tables are kept. */
export const KEPT_TABLES = 2;

/** The tables kept for the next calls. */
const kept: OrderTable[] = [];

export class OrderTable {
  private readonly ids: Float64Array;
  private readonly currencies: Uint16Array;
  private readonly flags: Uint8Array;
  private readonly used: Uint8Array;
  private readonly mask: number;

  private constructor(maxOrders: number) {
    let capacity = 1024;
    while (capacity < maxOrders * 2) capacity *= 2;
    this.ids = new Float64Array(capacity);
    this.currencies = new Uint16Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.used = new Uint8Array(capacity);
    this.mask = capacity - 1;
  }

  get capacity(): number {
    return this.used.length;
  }

  /**
   * A cleared table for at most maxOrders orders: the kept one when it is large enough and
   * not much larger, else a new one. Give it back with release() when done.
   */
  static borrow(maxOrders: number): OrderTable {
    const at = kept.findIndex((table) => table.capacity >= maxOrders * 2 && table.capacity <= Math.max(1024, maxOrders * 16));
    if (at >= 0) {
      const [table] = kept.splice(at, 1);
      table!.used.fill(0);
      return table!;
    }
    return new OrderTable(maxOrders);
  }

  /** Keeps the table for a next call: beside the others while fewer than KEPT_TABLES are kept, else in place of the smallest when larger. */
  release(): void {
    if (kept.includes(this)) return;
    if (kept.length < KEPT_TABLES) {
      kept.push(this);
      return;
    }
    let smallest = 0;
    for (let i = 1; i < kept.length; i++) if (kept[i]!.capacity < kept[smallest]!.capacity) smallest = i;
    if (kept[smallest]!.capacity < this.capacity) kept[smallest] = this;
  }

  /** Adds the order (currency index, orderId) if new, and ORs bits into its flags. */
  mark(currency: number, orderId: number, bits: number): void {
    const ids = this.ids;
    const currencies = this.currencies;
    const used = this.used;
    const mask = this.mask;
    let i = slotOf(orderId, mask);
    while (used[i] === 1) {
      if (ids[i] === orderId && currencies[i] === currency) {
        this.flags[i]! |= bits;
        return;
      }
      i = (i + 1) & mask;
    }
    used[i] = 1;
    ids[i] = orderId;
    currencies[i] = currency;
    this.flags[i] = bits;
  }

  /** Calls back once per distinct order with its currency index and flags. */
  forEach(callback: (currency: number, flags: number) => void): void {
    const currencies = this.currencies;
    const flags = this.flags;
    const used = this.used;
    for (let i = 0; i < used.length; i++) if (used[i] === 1) callback(currencies[i]!, flags[i]!);
  }
}

/**
 * Where an id's probe starts. Ids close to each other (an API's order ids grow with time, and
 * records come sorted by time) stay close in the table: the low 6 bits are kept and only the
 * block of 64 ids is hashed, so a run of records touches a few cache lines, not one each.
 */
function slotOf(id: number, mask: number): number {
  const block = Math.floor(id / 64);
  let h = Math.imul((block | 0) ^ Math.imul((block / 4_294_967_296) | 0, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 15;
  return ((h << 6) | (id & 63)) & mask;
}
