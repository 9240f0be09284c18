// The tables' sorted indexes, process-wide and bounded (one instance, on the process state).
// An entry is one report table's filtered records for one account, report parameters and data
// version, with the orders it was asked for so far: a position list per sort key and direction.
// The next page of the same sort is a slice of the order, not a load and a sort of the range.
import { LRUCache } from "lru-cache";

export interface StampedRange { resource: string; from: string; to: string }

export interface TableEntry<D = unknown> {
  /** What the records were built from (the days' fetchedAt of every range): equal again means unchanged. */
  version: string;
  /** The ranges the version covers, checked again before the entry is used. */
  ranges: StampedRange[];
  data: D;
  /** Records held (the bound counts them, and every order's positions). */
  rows: number;
  /** Sorted positions into the records, by "sort:dir". */
  orders: Map<string, Int32Array>;
  /** Position of a record by its row id, made when customer details are first asked for. */
  byId?: Map<string, number>;
}

export interface TableIndexLimits {
  /** Records plus sorted positions over all entries: the entries hold records the day cache may have let go. */
  maxUnits: number;
  maxEntries: number;
}

export const DEFAULT_TABLE_INDEX_LIMITS: TableIndexLimits = { maxUnits: 2_000_000, maxEntries: 48 };

export class TableIndexCache {
  private readonly lru: LRUCache<string, TableEntry>;
  /** Orders sorted since start: tests count them (a second page must not sort again). */
  sorts = 0;
  /** Entries built from a load of the range. */
  builds = 0;

  constructor(limits: TableIndexLimits = DEFAULT_TABLE_INDEX_LIMITS) {
    this.lru = new LRUCache<string, TableEntry>({
      max: limits.maxEntries,
      maxSize: limits.maxUnits,
      sizeCalculation: (entry) => Math.max(1, entry.rows * (1 + entry.orders.size)),
    });
  }

  get size(): number {
    return this.lru.size;
  }

  get<D>(key: string): TableEntry<D> | undefined {
    return this.lru.get(key) as TableEntry<D> | undefined;
  }

  set<D>(key: string, entry: TableEntry<D>): void {
    this.builds++;
    this.lru.set(key, entry as TableEntry);
  }

  /** The entry's order for `orderKey`, sorted once; the entry is set again so that its size counts it. */
  order(key: string, entry: TableEntry, orderKey: string, sort: () => Int32Array): Int32Array {
    const known = entry.orders.get(orderKey);
    if (known) return known;
    const order = sort();
    this.sorts++;
    entry.orders.set(orderKey, order);
    // lru-cache keeps the size it computed when the same value is set again: delete, then set.
    if (this.lru.get(key) === entry) {
      this.lru.delete(key);
      this.lru.set(key, entry);
    }
    return order;
  }
}
