// Per-currency accumulators, found by a small index. Records come in long runs of one
// currency, so the last one is kept at hand and the map is consulted only when it changes.

export class CurrencyGroups<A> {
  readonly currencies: string[] = [];
  readonly groups: A[] = [];
  private readonly indexByCurrency = new Map<string, number>();
  private lastCurrency: string | undefined;
  private lastIndex = -1;

  constructor(private readonly create: () => A) {}

  /** The index of the currency's group, created on first sight. */
  indexOf(currency: string): number {
    if (currency === this.lastCurrency) return this.lastIndex;
    let index = this.indexByCurrency.get(currency);
    if (index === undefined) {
      index = this.groups.length;
      // Order tables keep the index in 16 bits; no real data comes near 65,536 currencies.
      if (index > 0xffff) throw new RangeError("more than 65,536 currencies");
      this.indexByCurrency.set(currency, index);
      this.currencies.push(currency);
      this.groups.push(this.create());
    }
    this.lastCurrency = currency;
    this.lastIndex = index;
    return index;
  }

  map<R>(fn: (currency: string, group: A) => R): R[] {
    return this.groups.map((group, i) => fn(this.currencies[i]!, group));
  }
}
