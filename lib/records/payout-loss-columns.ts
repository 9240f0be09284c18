// The payout calendar's refunds and chargebacks (PayoutLossRow) as columns: ~70 k rows at scale
// 20 crossed two threads as objects on every calendar request, the store's worker to the main
// thread and on to the view's worker, ~130 ms of the event loop's (issue #25 point 8); typed
// arrays are copied whole. A missing saleId, date or resolution is NaN here, null in the row.

/** A dispute opened (an event fact row's `dispute`), as the payout calendar reads it: the sale it takes from, when, how much, and whether the seller won it back. */
export interface PayoutLossRow {
  saleId: number | null;
  at: number | null;
  amountCents: number;
  dispute: boolean;
  won: boolean;
  resolvedAt: number | null;
}

export interface PayoutLossColumns {
  length: number;
  saleId: Float64Array;
  at: Float64Array;
  amountCents: Float64Array;
  resolvedAt: Float64Array;
  /** DISPUTE and WON bits. */
  flags: Uint8Array;
}

const DISPUTE = 1;
const WON = 2;
/** The flags' bits, for a reader that makes the columns itself (the store's, a column at a time). */
export const LOSS_DISPUTE = DISPUTE;
export const LOSS_WON = WON;

const orNaN = (value: number | null): number => (value === null ? NaN : value);
const orNull = (value: number): number | null => (Number.isNaN(value) ? null : value);

/** Every typed array of the columns (what a key of their content hashes: payouts-view-worker.ts's tableKey). */
export const lossColumnArrays = (c: PayoutLossColumns): ArrayBufferView[] => [c.saleId, c.at, c.amountCents, c.resolvedAt, c.flags];

export function lossColumnsOf(rows: readonly PayoutLossRow[]): PayoutLossColumns {
  const n = rows.length;
  const columns: PayoutLossColumns = { length: n, saleId: new Float64Array(n), at: new Float64Array(n), amountCents: new Float64Array(n), resolvedAt: new Float64Array(n), flags: new Uint8Array(n) };
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    columns.saleId[i] = orNaN(r.saleId);
    columns.at[i] = orNaN(r.at);
    columns.amountCents[i] = r.amountCents;
    columns.resolvedAt[i] = orNaN(r.resolvedAt);
    columns.flags[i] = (r.dispute ? DISPUTE : 0) | (r.won ? WON : 0);
  }
  return columns;
}

/** The row at `i`, as the store or the records gave it. */
export function lossRowAt(columns: PayoutLossColumns, i: number): PayoutLossRow {
  const flags = columns.flags[i]!;
  return { saleId: orNull(columns.saleId[i]!), at: orNull(columns.at[i]!), amountCents: columns.amountCents[i]!, dispute: (flags & DISPUTE) !== 0, won: (flags & WON) !== 0, resolvedAt: orNull(columns.resolvedAt[i]!) };
}

export const lossRowsOfColumns = (columns: PayoutLossColumns): PayoutLossRow[] => Array.from({ length: columns.length }, (_, i) => lossRowAt(columns, i));
