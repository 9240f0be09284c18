// The payout calendar's sales as its history is read: the newer days' columns, then, when they are
// kept apart (lib/reports/server/payouts-view-worker.ts keeps the closed days'), the closed days'
// columns, a purchase the newer days hold left out of them: the rows one PayoutColumnsBuilder fed
// the newer rows and then the older ones keeps (lib/records/payout-columns.ts). The model's table
// (payout-sale-table.ts) is made from both parts as they are: put together first, two years at
// scale 20 were ~70 MiB of columns copied once more, and ~0.17 s, before the table copied them
// again (docs/benchmarks.md).
import { netShareIndex } from "./key-share";
import { refundedShareCents } from "./money";
import type { PayoutSaleTable } from "./payout-sale-table";
import type { PayoutSaleColumns } from "@/lib/records/payout-columns";
import type { KeyType } from "@/lib/sales-api";

export interface SaleParts {
  /** The newer days' columns first. */
  parts: readonly PayoutSaleColumns[];
  /** Per part, its rows left out (1): a purchase an earlier part holds; null where none is. */
  repeated: ReadonlyArray<Uint8Array | null>;
  /** Per part, where its rows start in the numbering of the rows across the parts. */
  offsets: readonly number[];
  /** The rows across the parts, left-out rows included. */
  length: number;
}

/** The sales of one range, or of the newer days then the closed days (`older`). */
export function salePartsOf(newer: PayoutSaleColumns, older: PayoutSaleColumns | null = null): SaleParts {
  if (!older) return { parts: [newer], repeated: [null], offsets: [0], length: newer.length };
  return { parts: [newer, older], repeated: [null, repeatedIn(newer, older)], offsets: [0, newer.length], length: newer.length + older.length };
}

/** The rows of `older` whose purchase `newer` holds, marked; null when there is none (the usual case: no closed day's purchase stored again on a newer day). */
function repeatedIn(newer: PayoutSaleColumns, older: PayoutSaleColumns): Uint8Array | null {
  // Only an id within newer's bounds can be one of newer's: ids grow with time, so most of the
  // closed days' are below them and need no lookup (a million lookups took 0.3 s). NaN, which
  // no bound holds, is looked up.
  let low = Infinity;
  let high = -Infinity;
  for (const id of newer.purchaseId) {
    if (id < low) low = id;
    if (id > high) high = id;
  }
  let seen: Set<number> | null = null;
  let repeated: Uint8Array | null = null;
  for (let i = 0; i < older.length; i++) {
    const id = older.purchaseId[i]!;
    if (id < low || id > high) continue;
    seen ??= new Set(newer.purchaseId);
    if (!seen.has(id)) continue;
    repeated ??= new Uint8Array(older.length);
    repeated[i] = 1;
  }
  return repeated;
}

/** The part holding the row numbered `row` across the parts, and the row's place in it. */
export function partOf(sales: SaleParts, row: number): { part: PayoutSaleColumns; at: number } {
  let p = sales.parts.length - 1;
  while (sales.offsets[p]! > row) p--;
  return { part: sales.parts[p]!, at: row - sales.offsets[p]! };
}

/**
 * The row (numbered across the parts) of each named id among the sales' ids. Within a part, ids
 * falling all the way (the records' order, newest first, where ids grow with time) are met by
 * walking the named ids sorted the same way beside them; otherwise each id is looked up (a million
 * lookups took ~0.2 s at scale 20). A part holds each purchase once, and a later part's copy of an
 * earlier part's purchase is left out.
 */
export function rowsOfNamedIn(sales: SaleParts, named: ReadonlySet<number>): Map<number, number> {
  const rowOf = new Map<number, number>();
  sales.parts.forEach((part, p) => {
    const repeated = sales.repeated[p];
    for (const [id, at] of rowsOfNamed(part.purchaseId, named)) if (!repeated || repeated[at] !== 1) rowOf.set(id, sales.offsets[p]! + at);
  });
  return rowOf;
}

/** rowsOfNamedIn of one list of ids (the last row, should an id come twice). */
export function rowsOfNamed(ids: Float64Array, named: ReadonlySet<number>): Map<number, number> {
  const rowOf = new Map<number, number>();
  let falling = true;
  for (let i = 1; i < ids.length && falling; i++) falling = ids[i]! < ids[i - 1]!;
  if (!falling) {
    for (let i = 0; i < ids.length; i++) if (named.has(ids[i]!)) rowOf.set(ids[i]!, i);
    return rowOf;
  }
  const wanted = Float64Array.from(named).sort().reverse();
  for (let i = 0, j = 0; i < ids.length && j < wanted.length; i++) {
    while (j < wanted.length && wanted[j]! > ids[i]!) j++;
    if (j < wanted.length && wanted[j] === ids[i]) rowOf.set(ids[i]!, i);
  }
  return rowOf;
}

export const netCentsOf = (c: PayoutSaleColumns, keyType: KeyType): Float64Array => [c.creatorNet, c.affiliationNet][netShareIndex(keyType)]!;

/**
 * One list of the parts' names (products or currencies): the first part's, then those of the later
 * parts' rows (but the repeats left out, whenever they were sold), in the order first met, as one
 * builder numbers them; and per part, each of its indices' place in the list.
 */
function namesOf(sales: SaleParts, index: "product" | "currency", list: "products" | "currencies"): { names: string[]; places: Int32Array[] } {
  const first = sales.parts[0]!;
  const at = new Map(first[list].map((name, i) => [name, i]));
  const places = [Int32Array.from(first[list], (_, i) => i)];
  for (let p = 1; p < sales.parts.length; p++) {
    const part = sales.parts[p]!;
    const repeated = sales.repeated[p];
    const place = new Int32Array(part[list].length).fill(-1);
    const indices = part[index];
    for (let i = 0; i < part.length; i++) {
      if (repeated && repeated[i] === 1) continue;
      const old = indices[i]!;
      if (place[old] !== -1) continue;
      const name = part[list][old]!;
      let found = at.get(name);
      if (found === undefined) at.set(name, (found = at.size));
      place[old] = found;
    }
    places.push(place);
  }
  return { names: [...at.keys()], places };
}

/**
 * The sales as the model's table (payout-sale-table.ts): a sale with no readable instant, or made
 * after now, is left out; the net is the key's (key-share.ts); what refunds already took is the
 * refunded share of that net; an availability instant that is not a finite number is none.
 * `marks`, per row across the parts: 1, a loss with a date names the sale; 2, one without. The
 * table's rows of each are pushed to `named` and `undated`.
 */
export function saleTableOfParts(sales: SaleParts, keyType: KeyType, nowMs: number, marks: Uint8Array, named: number[], undated: number[]): PayoutSaleTable {
  const kept = (part: PayoutSaleColumns, repeated: Uint8Array | null, i: number) => {
    const soldMs = part.soldMs[i]!;
    return (!repeated || repeated[i] !== 1) && Number.isFinite(soldMs) && soldMs <= nowMs;
  };
  let n = 0;
  sales.parts.forEach((part, p) => {
    for (let i = 0; i < part.length; i++) if (kept(part, sales.repeated[p]!, i)) n++;
  });
  const products = namesOf(sales, "product", "products");
  const currencies = namesOf(sales, "currency", "currencies");
  const table: PayoutSaleTable = {
    length: n,
    id: new Float64Array(n),
    soldMs: new Float64Array(n),
    net: new Float64Array(n),
    product: new Int32Array(n),
    products: products.names,
    currency: new Int32Array(n),
    currencies: currencies.names,
    availableMs: new Float64Array(n),
    lostNow: new Float64Array(n),
  };
  let k = 0;
  sales.parts.forEach((c, p) => {
    const net = netCentsOf(c, keyType);
    const repeated = sales.repeated[p]!;
    const offset = sales.offsets[p]!;
    const productPlace = products.places[p]!;
    const currencyPlace = currencies.places[p]!;
    for (let i = 0; i < c.length; i++) {
      if (!kept(c, repeated, i)) continue;
      const netCents = net[i]!;
      const availableMs = c.availableMs[i]!;
      table.id[k] = c.purchaseId[i]!;
      table.soldMs[k] = c.soldMs[i]!;
      table.net[k] = netCents;
      table.product[k] = productPlace[c.product[i]!]!;
      table.currency[k] = currencyPlace[c.currency[i]!]!;
      table.availableMs[k] = Number.isFinite(availableMs) ? availableMs : NaN;
      table.lostNow[k] = refundedShareCents(netCents, c.refunded[i]!, c.transaction[i]!);
      const mark = marks[offset + i]!;
      if (mark & 1) named.push(k);
      if (mark & 2) undated.push(k);
      k++;
    }
  });
  return table;
}
