// The carts fact table's SQL, one text for both back-ends (SQLite and PostgreSQL), built as the
// orders' is (order-fact-sql.ts). The behaviour suite holds the two back-ends to one answer.
import { filterConditions, ORDER_DIMENSION_COLUMN } from "./order-fact-sql";
import { days, forDialect, type FactDialect } from "./purchase-fact-sql";
import { CART_FACT_DIMENSIONS, type CartFactDimension, type CartFactPlan, type CartFactRow, type CartRowValues } from "./cart-fact-store";

/** The carts' filters are the Orders report's, and their columns are named alike. */
export const CART_DIMENSION_COLUMN: Record<CartFactDimension, string> = ORDER_DIMENSION_COLUMN;

/** The instants' columns, in the order of CartFactRow's. */
const INSTANTS = ["loaded_at", "first_attempt_at", "first_approved_at", "abandoned_at", "purchased_at"] as const;

/** The row's columns after (account, day, seq), in insertion order. */
export const CART_ROW_COLUMNS = [
  "checkout_id", "session_at", "session_text",
  ...CART_FACT_DIMENSIONS.map((d) => CART_DIMENSION_COLUMN[d]),
  "offer_name", "state", "checkout_version", "session_mode", "decline_code",
  "amount_cents", "attempts", "approved", "declined", "recovered", ...INSTANTS,
];

export function cartRowValues(row: CartFactRow): Array<string | number | null> {
  return [
    row.checkoutId, row.sessionAt, row.sessionText,
    ...CART_FACT_DIMENSIONS.map((d) => row.dims[d]),
    row.offerName, row.state, row.checkoutVersion, row.sessionMode, row.declineCode,
    row.amountCents, row.attempts, row.approved, row.declined, row.recovered ? 1 : 0,
    row.loadedAt, row.firstAttemptAt, row.firstApprovedAt, row.abandonedAt, row.purchasedAt,
  ];
}

/** The plan's carts, every column, in the records' order (newest day first, a day in its stored order). */
export function cartRowsStatement(dialect: FactDialect, table: string, account: string, plan: CartFactPlan): { text: string; args: unknown[] } {
  const args: unknown[] = [account, plan.days.from, plan.days.to, plan.startMs, plan.endMs];
  // The report's filters as lib/reports/server/record-filters compares them, as the orders' are.
  const filters = filterConditions(plan, args);
  const text = `SELECT ${CART_ROW_COLUMNS.map((c) => `f.${c}`).join(", ")} FROM ${table} f
    WHERE f.account = ? AND ${days(dialect)} AND f.session_at >= ? AND f.session_at < ?${filters}
    ORDER BY f.day DESC, f.seq`;
  return forDialect(dialect, { text, args });
}

type Numeric = number | string;

// PostgreSQL answers BIGINT as text (it will not round): instants and cents fit a number exactly.
const num = (v: Numeric | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * A row from its values in CART_ROW_COLUMNS' order. Read by position and spelt out (not mapped
 * over the columns' names): a report reads every cart of its range through here, and objects
 * keyed by 27 names per row were a good part of that read's time.
 */
export function cartRowOf(r: CartRowValues): CartFactRow {
  const text = (i: number) => (r[i] ?? null) as string | null;
  return {
    checkoutId: r[0] as string,
    sessionAt: Number(r[1]),
    sessionText: r[2] as string,
    dims: { product: text(3), offer: text(4), method: text(5), psp: text(6), brand: text(7), country: text(8) } satisfies Record<CartFactDimension, string | null>,
    offerName: text(9),
    state: text(10),
    checkoutVersion: text(11),
    sessionMode: text(12),
    declineCode: text(13),
    amountCents: Number(r[14]),
    attempts: num(r[15]),
    approved: num(r[16]),
    declined: num(r[17]),
    recovered: Number(r[18]) === 1,
    loadedAt: num(r[19]),
    firstAttemptAt: num(r[20]),
    firstApprovedAt: num(r[21]),
    abandonedAt: num(r[22]),
    purchasedAt: num(r[23]),
  };
}
