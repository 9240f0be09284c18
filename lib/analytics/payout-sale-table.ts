// The payout calendar's sales as columns, one row per sale in the sales' order: what the risk
// model, the back-test and the calendar read (payout-risk.ts, payout-backtest.ts,
// payout-calendar.ts). Two years at scale 20 are ~1.1 M sales: made as objects, they took ~0.75 s
// and most of a second of garbage collection on every calendar request (docs/benchmarks.md,
// "DuckDB's big reads a column at a time, and the payout model over columns"). The functions still take a list of sales (the tests' and the
// e2e oracle's), turned into a table once per list.
import type { PayoutSale } from "./payout-calendar";
import type { RiskSale } from "./payout-risk";

export interface PayoutSaleTable {
  length: number;
  id: Float64Array;
  soldMs: Float64Array;
  /** The key's net share in cents. */
  net: Float64Array;
  /** Index into `products`. */
  product: Int32Array;
  products: readonly string[];
  /** Index into `currencies`. */
  currency: Int32Array;
  currencies: readonly string[];
  /** incomingAvailableAt in ms; NaN when the sale has none (it cannot be placed). */
  availableMs: Float64Array;
  /** PayoutSale's lostNowCents. */
  lostNow: Float64Array;
}

/** Sales as the model's functions take them: a list (a risk sale lacks currency, availability and what it lost now) or the table. */
export type PayoutModelSales = readonly RiskSale[] | readonly PayoutSale[] | PayoutSaleTable;

const tables = new WeakMap<object, PayoutSaleTable>();

const isTable = (sales: PayoutModelSales): sales is PayoutSaleTable => !Array.isArray(sales);

/** The sales as a table: the table itself, or a list's, made once per list. */
export function saleTableOf(sales: PayoutModelSales): PayoutSaleTable {
  if (isTable(sales)) return sales;
  let table = tables.get(sales);
  if (table) return table;
  const list = sales as ReadonlyArray<RiskSale & Partial<Pick<PayoutSale, "currency" | "availableMs" | "lostNowCents">>>;
  const n = list.length;
  const products = new Map<string, number>();
  const currencies = new Map<string, number>();
  const place = (map: Map<string, number>, key: string) => map.get(key) ?? map.set(key, map.size).get(key)!;
  table = { length: n, id: new Float64Array(n), soldMs: new Float64Array(n), net: new Float64Array(n), product: new Int32Array(n), products: [], currency: new Int32Array(n), currencies: [], availableMs: new Float64Array(n), lostNow: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    const s = list[i]!;
    table.id[i] = s.id;
    table.soldMs[i] = s.soldMs;
    table.net[i] = s.netCents;
    table.product[i] = place(products, s.product);
    table.currency[i] = place(currencies, s.currency ?? "");
    table.availableMs[i] = s.availableMs ?? NaN;
    table.lostNow[i] = s.lostNowCents ?? 0;
  }
  table.products = [...products.keys()];
  table.currencies = [...currencies.keys()];
  tables.set(sales, table);
  return table;
}

/** Row `i` as a sale (for the few a loss names). */
export function saleAt(table: PayoutSaleTable, i: number): PayoutSale {
  const available = table.availableMs[i]!;
  return {
    id: table.id[i]!,
    soldMs: table.soldMs[i]!,
    netCents: table.net[i]!,
    product: table.products[table.product[i]!]!,
    currency: table.currencies[table.currency[i]!]!,
    availableMs: Number.isNaN(available) ? null : available,
    lostNowCents: table.lostNow[i]!,
  };
}

/** Every row as a sale, in order (tests reorder them). */
export const salesOfTable = (table: PayoutSaleTable): PayoutSale[] => Array.from({ length: table.length }, (_, i) => saleAt(table, i));
