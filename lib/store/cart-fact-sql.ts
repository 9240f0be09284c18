// The carts fact table's SQL, one text for both back-ends (SQLite and PostgreSQL), built as the
// orders' is (order-fact-sql.ts). The behaviour suite holds the two back-ends to one answer.
import { filterConditions, ORDER_DIMENSION_COLUMN } from "./order-fact-sql";
import { days, forDialect, type FactDialect } from "./purchase-fact-sql";
import { CART_FACT_DIMENSIONS, type CartFactDimension, type CartFactPlan, type CartFactRow } from "./cart-fact-store";

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
export type CartRecord = Record<string, string | number | null>;

// PostgreSQL answers BIGINT as text (it will not round): instants and cents fit a number exactly.
const num = (v: Numeric | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

export function cartRowOf(r: CartRecord): CartFactRow {
  const text = (column: string) => (r[column] ?? null) as string | null;
  return {
    checkoutId: r.checkout_id as string,
    sessionAt: Number(r.session_at),
    sessionText: r.session_text as string,
    dims: Object.fromEntries(CART_FACT_DIMENSIONS.map((d) => [d, text(CART_DIMENSION_COLUMN[d])])) as CartFactRow["dims"],
    offerName: text("offer_name"),
    state: text("state"),
    checkoutVersion: text("checkout_version"),
    sessionMode: text("session_mode"),
    declineCode: text("decline_code"),
    amountCents: Number(r.amount_cents),
    attempts: num(r.attempts),
    approved: num(r.approved),
    declined: num(r.declined),
    recovered: Number(r.recovered) === 1,
    loadedAt: num(r.loaded_at),
    firstAttemptAt: num(r.first_attempt_at),
    firstApprovedAt: num(r.first_approved_at),
    abandonedAt: num(r.abandoned_at),
    purchasedAt: num(r.purchased_at),
  };
}
