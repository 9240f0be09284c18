// The distinct orders of a set of purchases, per currency, each with a few flag bits, held
// in typed arrays (open addressing). A Set<number> of 600,000 order ids costs half a second
// over a million records, mostly in the garbage collector tracing its boxed entries; typed
// arrays hold no pointers. Sized once for the worst case (every purchase its own order) at
// most half full, so it never grows.
//
// One table is kept between calls and reused: each new table is memory outside the JS heap,
// and V8 answers every 64 MB of that with a full collection, which with a million records
// in memory takes most of a second. The kept table is as large as the largest call needed
// (about 24 bytes a purchase: 24 MB after a million-purchase report).

let spare: OrderTable | undefined;

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
    const kept = spare;
    if (kept !== undefined && kept.capacity >= maxOrders * 2 && kept.capacity <= Math.max(1024, maxOrders * 16)) {
      spare = undefined;
      kept.used.fill(0);
      return kept;
    }
    return new OrderTable(maxOrders);
  }

  /** Keeps the table for the next call, unless a larger one is kept already. */
  release(): void {
    if (spare === undefined || spare.capacity < this.capacity) spare = this;
  }

  /** Adds the order (currency index, orderId) if new, and ORs bits into its flags. */
  mark(currency: number, orderId: number, bits: number): void {
    const { ids, currencies, used, mask } = this;
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
    const { currencies, flags, used } = this;
    for (let i = 0; i < used.length; i++) if (used[i] === 1) callback(currencies[i]!, flags[i]!);
  }
}

/** Mixes both 32-bit halves of an integer id, so sequential ids spread over the table. */
function slotOf(id: number, mask: number): number {
  let h = Math.imul((id | 0) ^ Math.imul((id / 4_294_967_296) | 0, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 15;
  return h & mask;
}
