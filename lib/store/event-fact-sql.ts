// The refunds and chargebacks fact tables' SQL, one text for the back-ends (SQLite, PostgreSQL,
// DuckDB), as the orders' (order-fact-sql.ts); DuckDB's rows of a range are read a column at a
// time (its numbers as DOUBLEs, below). Both lists have tables of one shape.
import { days, forDialect, type FactDialect } from "./purchase-fact-sql";
import { EVENT_FACT_DIMENSIONS, type EventFactDimension, type EventFactQuery, type EventFactRow, type EventFigureRow, type EventResource } from "./event-fact-store";
import { LOSS_DISPUTE, LOSS_WON, type PayoutLossColumns, type PayoutLossRow } from "@/lib/records/payout-loss-columns";
import type { ColumnBatch } from "./async-purchase-fact-store";
import { gatheredColumns } from "./gathered-columns";
import { eventColumnsOfFields, type EventFactColumns, type EventNumberField, type EventTextField } from "./event-fact-columns";

/** Each list's rows and days' marks, without the back-end's prefix. */
export const EVENT_TABLES: Record<EventResource, { rows: string; days: string }> = {
  refunds: { rows: "refund_facts", days: "refund_fact_days" },
  chargebacks: { rows: "chargeback_facts", days: "chargeback_fact_days" },
};

export const EVENT_DIMENSION_COLUMN: Record<EventFactDimension, string> = {
  product: "product",
  offer: "offer",
  type: "purchase_type",
  method: "payment_method",
  psp: "psp",
  affiliate: "affiliate",
};

/** The row's columns after (account, day, seq), in insertion order. */
export const EVENT_ROW_COLUMNS = [
  "event_id", "sale_id", "event_at", "currency", "amount_cents", "full_type", "dispute", "won", "resolved_at", "days_bucket", "sale_at",
  "order_id", "status", "kind", "reason",
  ...EVENT_FACT_DIMENSIONS.map((d) => EVENT_DIMENSION_COLUMN[d]),
];

const flag = (b: boolean) => (b ? 1 : 0);

export function eventRowValues(row: EventFactRow): Array<string | number | null> {
  return [
    row.eventId, row.saleId, row.at, row.currency, row.amountCents, flag(row.fullType), flag(row.dispute), flag(row.won), row.resolvedAt, row.daysBucket, row.saleAt,
    row.orderId, row.status, row.kind, row.reason,
    ...EVENT_FACT_DIMENSIONS.map((d) => row.dims[d]),
  ];
}

/** A row as either back-end answers it (PostgreSQL's BIGINT as text). */
export type EventRowRecord = Record<string, string | number | null>;

const num = (v: string | number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: string | number | null | undefined): string | null => (v === null || v === undefined ? null : String(v));

/** A row of eventRowsStatement as either back-end answers it: the fields the reports read. */
export function eventRowOf(r: EventRowRecord): EventFigureRow {
  return {
    saleId: num(r.sale_id),
    at: num(r.event_at),
    currency: str(r.currency),
    amountCents: Number(r.amount_cents),
    fullType: Number(r.full_type) === 1,
    dispute: Number(r.dispute) === 1,
    won: Number(r.won) === 1,
    daysBucket: num(r.days_bucket),
    saleAt: num(r.sale_at),
    orderId: str(r.order_id),
  };
}

/** The columns of a row that `events` reads (EventFigureRow's), in that order. */
const FIGURE_COLUMNS = ["sale_id", "event_at", "currency", "amount_cents", "full_type", "dispute", "won", "days_bucket", "sale_at", "order_id"] as const;

/** The numeric columns of a row, which DuckDB sends as DOUBLEs: read a column at a time as numbers, not bigints (eventColumnsOfBatches). */
const NUMERIC_COLUMNS = new Set(["sale_id", "event_at", "amount_cents", "full_type", "dispute", "won", "resolved_at", "days_bucket", "sale_at"]);

const selected = (dialect: FactDialect) => (column: string) => (dialect === "duckdb" && NUMERIC_COLUMNS.has(column) ? `f.${column}::DOUBLE AS ${column}` : `f.${column}`);

/**
 * The rows of a query's range after its filters, in the records' order (newest stored day
 * first, a day in its stored order), the fields the reports read. A filter compares the value as
 * the report does; a record without the field (NULL) passes it (refunds-records.ts's absentPasses).
 */
export function eventRowsStatement(dialect: FactDialect, table: string, account: string, query: EventFactQuery): { text: string; args: unknown[] } {
  const args: unknown[] = [account, query.days.from, query.days.to];
  const instants = query.fromMs === undefined || query.toMs === undefined ? "" : " AND f.event_at >= ? AND f.event_at < ?";
  if (instants) args.push(query.fromMs, query.toMs);
  const filters = EVENT_FACT_DIMENSIONS.flatMap((d) => {
    const accepted = query.filters[d];
    if (!accepted || accepted.length === 0) return [];
    args.push(...accepted);
    const column = `f.${EVENT_DIMENSION_COLUMN[d]}`;
    return [` AND (${column} IS NULL OR ${column} IN (${accepted.map(() => "?").join(", ")}))`];
  });
  const text = `SELECT ${FIGURE_COLUMNS.map(selected(dialect)).join(", ")} FROM ${table} f
    WHERE f.account = ? AND ${days(dialect)}${instants}${filters.join("")}
    ORDER BY f.day DESC, f.seq`;
  return forDialect(dialect, { text, args });
}


/** lossRowsStatement's columns, in its order. */
export const LOSS_COLUMNS = ["sale_id", "event_at", "amount_cents", "won", "resolved_at"] as const;

/** The disputes opened of the stored days, dated or not, in the records' order (eventRowsStatement's): the payout calendar's losses. */
export function lossRowsStatement(dialect: FactDialect, table: string, account: string, days_: { from: string; to: string }): { text: string; args: unknown[] } {
  const text = `SELECT ${LOSS_COLUMNS.map(selected(dialect)).join(", ")} FROM ${table} f
    WHERE f.account = ? AND ${days(dialect)} AND f.dispute = 1
    ORDER BY f.day DESC, f.seq`;
  return forDialect(dialect, { text, args: [account, days_.from, days_.to] });
}

export const lossRowOf = (r: EventRowRecord): PayoutLossRow => ({ saleId: num(r.sale_id), at: num(r.event_at), amountCents: Number(r.amount_cents), dispute: true, won: Number(r.won) === 1, resolvedAt: num(r.resolved_at) });

/** eventRowsStatement's rows, read by DuckDB a column at a time (its numbers as DOUBLEs), as the columns eventRowOf's rows make. */
export async function eventColumnsOfBatches(batches: AsyncIterable<ColumnBatch>): Promise<EventFactColumns> {
  const { columns, rowCount } = await gatheredColumns(batches, FIGURE_COLUMNS.length);
  const column = (name: (typeof FIGURE_COLUMNS)[number]) => columns[FIGURE_COLUMNS.indexOf(name)]!;
  const numbers = (name: (typeof FIGURE_COLUMNS)[number]) => column(name) as Float64Array;
  const texts = (name: (typeof FIGURE_COLUMNS)[number]) => column(name) as ArrayLike<string | null>;
  const textFields: Record<EventTextField, ArrayLike<string | null>> = { currency: texts("currency"), orderId: texts("order_id") };
  const numberFields: Record<EventNumberField, Float64Array> = { saleId: numbers("sale_id"), at: numbers("event_at"), daysBucket: numbers("days_bucket"), saleAt: numbers("sale_at") };
  return eventColumnsOfFields(rowCount, textFields, numberFields, numbers("amount_cents"), { fullType: numbers("full_type"), dispute: numbers("dispute"), won: numbers("won") });
}

/** lossRowsStatement's rows, read by DuckDB a column at a time, as the columns lossRowOf's rows make. */
export async function lossColumnsOfBatches(batches: AsyncIterable<ColumnBatch>): Promise<PayoutLossColumns> {
  const { columns, rowCount } = await gatheredColumns(batches, LOSS_COLUMNS.length);
  const [saleId, at, amountCents, won, resolvedAt] = columns as Float64Array[] as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  const flags = new Uint8Array(rowCount);
  for (let i = 0; i < rowCount; i++) flags[i] = won[i] === 1 ? LOSS_DISPUTE | LOSS_WON : LOSS_DISPUTE;
  return { length: rowCount, saleId, at, amountCents, resolvedAt, flags };
}
