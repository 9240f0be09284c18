// The refunds and chargebacks fact tables' SQL, one text for both back-ends (SQLite and
// PostgreSQL), as the orders' (order-fact-sql.ts). Both lists have tables of one shape.
import { days, forDialect, type FactDialect } from "./purchase-fact-sql";
import { EVENT_FACT_DIMENSIONS, type EventFactDimension, type EventFactQuery, type EventFactRow, type EventResource } from "./event-fact-store";
import type { PayoutLossRow } from "@/lib/records/payout-loss-columns";

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

export function eventRowOf(r: EventRowRecord): EventFactRow {
  return {
    eventId: String(r.event_id),
    saleId: num(r.sale_id),
    at: num(r.event_at),
    currency: str(r.currency),
    amountCents: Number(r.amount_cents),
    fullType: Number(r.full_type) === 1,
    dispute: Number(r.dispute) === 1,
    won: Number(r.won) === 1,
    resolvedAt: num(r.resolved_at),
    daysBucket: num(r.days_bucket),
    saleAt: num(r.sale_at),
    orderId: str(r.order_id),
    status: str(r.status),
    kind: str(r.kind),
    reason: str(r.reason),
    dims: Object.fromEntries(EVENT_FACT_DIMENSIONS.map((d) => [d, str(r[EVENT_DIMENSION_COLUMN[d]])])) as EventFactRow["dims"],
  };
}

/**
 * The rows of a query's range after its filters, in the records' order (newest stored day
 * first, a day in its stored order). A filter compares the value as the report does; a record
 * without the field (NULL) passes it (refunds-records.ts's absentPasses).
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
  const text = `SELECT ${EVENT_ROW_COLUMNS.map((c) => `f.${c}`).join(", ")} FROM ${table} f
    WHERE f.account = ? AND ${days(dialect)}${instants}${filters.join("")}
    ORDER BY f.day DESC, f.seq`;
  return forDialect(dialect, { text, args });
}

/** The disputes opened of the stored days, dated or not, in the records' order (eventRowsStatement's): the payout calendar's losses. */
export function lossRowsStatement(dialect: FactDialect, table: string, account: string, days_: { from: string; to: string }): { text: string; args: unknown[] } {
  const text = `SELECT f.sale_id, f.event_at, f.amount_cents, f.won, f.resolved_at FROM ${table} f
    WHERE f.account = ? AND ${days(dialect)} AND f.dispute = 1
    ORDER BY f.day DESC, f.seq`;
  return forDialect(dialect, { text, args: [account, days_.from, days_.to] });
}

export const lossRowOf = (r: EventRowRecord): PayoutLossRow => ({ saleId: num(r.sale_id), at: num(r.event_at), amountCents: Number(r.amount_cents), dispute: true, won: Number(r.won) === 1, resolvedAt: num(r.resolved_at) });

