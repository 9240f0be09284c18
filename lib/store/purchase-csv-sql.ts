// What the purchases CSV reads of the purchases fact table (issue #25 point 5: a CSV streams from
// a cursor in constant memory), one text for both back-ends: the plan's rows after its filters,
// their currency placed, in the records' order (newest UTC day first, a day by its stored order),
// one batch at a time by keyset (after the last row's day and seq), so nothing stays open between
// two batches (SQLite's one connection in the worker serves every other read meanwhile). Each
// batch also carries the days' sealed customer cells, which only the mirror's key opens.
import { FACT_CSV_AMOUNTS, type FactCsvBatch, type FactCsvBatchRequest, type FactCsvPreamble } from "./purchase-fact-store";
import { currencyExpression, filterConditions, forDialect, snakeCase, type FactDialect, type Numeric, type Statement } from "./purchase-fact-sql";

/**
 * The column of the days' marks that keeps a day's sealed customer cells (the mirror's, bound to
 * the day and the fetch its rows were made from), written with the day's rows and mark.
 */
export const CUSTOMERS_COLUMN = "customers";

/** A day's sealed cells, set after its mark is written (in the same transaction); null for rows written without them. */
export function writeCustomersStatement(dialect: FactDialect, daysTable: string, account: string, day: string, sealed: Uint8Array | null): Statement {
  return forDialect(dialect, { text: `UPDATE ${daysTable} SET ${CUSTOMERS_COLUMN} = ? WHERE account = ? AND day = ?`, args: [sealed, account, day] });
}

/** Where each of the sealed customer cells (lib/query/purchase-facts.ts's FactCustomerCells) stands among a day's opened cells. */
export const SEALED_FIELDS = { customerName: 0, customerEmail: 1, cardLast4: 2 } as const;

/**
 * Every field of a record the purchases CSV writes, in the order a batch's row gives them (after
 * its day and seq), each as the column that holds it as the record gave it; the sealed ones are
 * null in the row, their cells come from the day's sealed list.
 */
export const FACT_CSV_FIELDS: ReadonlyArray<readonly [field: string, column: string | "placed" | "sealed"]> = [
  ["purchaseId", "purchase_id"],
  ["orderId", "order_id"],
  ["checkoutInitializedAt", "checkout_initialized_at"],
  ["purchaseCreatedAt", "purchase_created_at"],
  ["purchaseType", "sort_type"],
  // The table's sort values are the record's with null as "": the same empty cell.
  ["productName", "sort_product"],
  ["offerCode", "offer_code"],
  ["offerName", "offer_name"],
  ["currency", "placed"],
  ["paymentMethod", "sort_method"],
  ["psp", "raw_psp"],
  ["cardBrand", "raw_card_brand"],
  ["billingCountry", "sort_country"],
  ["amountTransaction", "sale_amount"],
  ["incomingAvailableAt", "incoming_available_at"],
  ["affiliateName", "raw_affiliate_name"],
  ...FACT_CSV_AMOUNTS.map((field) => [field, snakeCase(field)] as const),
  ...Object.keys(SEALED_FIELDS).map((field) => [field, "sealed"] as const),
];

/**
 * One batch of the plan's rows after the cursor, in the records' order, none older than the
 * request's oldest day. `asJson`: each row as the JSON text of the whole row alone. SQLite's
 * worker thread then makes one value a row, not thirty, and
 * one string crosses to the main thread, which parses it (jsonRows); DuckDB handed a text to
 * JavaScript at ~2.5 µs (thirty a row were most of a batch); pg parses one field a row instead
 * of thirty on the main thread, PostgreSQL writing the text in its own process. Each engine's
 * JSON writes a double with the digits that read back to the same double (PostgreSQL's
 * shortest-exact float output, its default since version 12) and a text escaped as JSON.parse
 * reads it back: the same values as the row's own. The amounts are the records' numbers, never
 * NaN or infinite (JSON has none).
 */
export function csvBatchStatement(dialect: FactDialect, table: string, account: string, request: FactCsvBatchRequest, asJson = false): Statement {
  const args: unknown[] = [];
  const placed = currencyExpression(request.plan, args);
  const values = FACT_CSV_FIELDS.map(([, column]) => (column === "placed" ? placed : column === "sealed" ? "NULL" : `f.${column}`));
  const { plan } = request;
  // The cursor: this day after its seq, or an older day of the range.
  const after = request.after ?? { day: plan.days.to, seq: -1 };
  const oldest = request.oldestDay !== undefined && request.oldestDay > plan.days.from ? request.oldestDay : plan.days.from;
  args.push(account, oldest, after.day, after.day, after.seq, plan.bucketStarts[0] ?? plan.endMs, plan.endMs);
  const filters = filterConditions(plan, args);
  args.push(request.limit);
  // Along the primary key (account, day, seq) backwards from the cursor, a day's rows sorted by
  // seq, up to the limit: never an index of time or of a dimension, which would read and sort the
  // whole rest of the range for each batch. SQLite is told so (NOT INDEXED keeps the primary key
  // of a WITHOUT ROWID table); the unary + keeps created_at a plain condition. DuckDB has no such
  // key: it skips the row groups whose bounds of `day` (kept to their first 8 characters, the
  // month) miss [oldest day, cursor's day] and sorts the rest's matching rows; without the window
  // it kept the top rows of the whole rest of the range, its thirty columns carried, at each batch
  // (150-450 ms a batch at scale 20; a group of days written a day at a time spans a few months).
  const rows = dialect === "sqlite" ? `${table} f NOT INDEXED` : `${table} f`;
  const time = dialect === "sqlite" ? "+f.created_at" : "f.created_at";
  const selected = `f.day, f.seq, ${values.join(", ")}`;
  // The text alone: its day is read off the text (jsonRowDay), one value less a row.
  const json = dialect === "duckdb" ? `CAST(json_array(${selected}) AS VARCHAR)` : dialect === "postgres" ? `json_build_array(${selected})::text` : `json_array(${selected})`;
  const text = `SELECT ${asJson ? json : selected} FROM ${rows}
    WHERE f.account = ? AND f.day >= ? AND f.day <= ? AND (f.day < ? OR f.seq > ?) AND ${time} >= ? AND ${time} < ?${filters}
    ORDER BY f.day DESC, f.seq LIMIT ?`;
  return forDialect(dialect, { text, args });
}

/** The sealed customer cells of some days. */
export function customersStatement(dialect: FactDialect, daysTable: string, account: string, days: readonly string[]): Statement {
  return forDialect(dialect, { text: `SELECT day, fetched_at, ${CUSTOMERS_COLUMN} AS sealed FROM ${daysTable} WHERE account = ? AND ${CUSTOMERS_COLUMN} IS NOT NULL AND day IN (${days.map(() => "?").join(", ")})`, args: [account, ...days] });
}

/**
 * The day of a row's JSON text: the text opens with it, `["YYYY-MM-DD",` (a stored day is an ISO
 * day, which JSON writes as it is). Were an engine to write it otherwise, the batch would carry
 * the wrong days' cells and the writer would stop (CustomerCellsUnreadable), not guess.
 */
export const jsonRowDay = (text: string): string => text.slice(2, 12);

/** A batch's rows read back from their JSON text (csvBatchStatement's `asJson`). */
export const jsonRows = (rows: readonly string[]): unknown[][] => rows.map((text) => JSON.parse(text) as unknown[]);

/** The days of a batch's rows (their JSON texts): it carries the sealed cells of each of them. */
export const batchDays = (rows: readonly string[]): string[] => [...new Set(rows.map(jsonRowDay))];

/** A batch: its rows, and the sealed cells found for each of its days (null for a day without). */
export function csvBatchOf(rows: FactCsvBatch["rows"], days: readonly string[], found: ReadonlyArray<{ day: string; fetched_at: Numeric; sealed: Uint8Array }>): FactCsvBatch {
  const byDay = new Map(found.map((c) => [c.day, c]));
  return {
    rows,
    customers: days.map((day) => {
      const c = byDay.get(day);
      return c ? { day, fetchedAt: Number(c.fetched_at), sealed: c.sealed } : { day, fetchedAt: null, sealed: null };
    }),
  };
}

/** The purchases stored on more than one of the days, with their newest day (fetchRange keeps that copy, and no older one, over the range). */
export function duplicatesStatement(dialect: FactDialect, table: string, account: string, days: { from: string; to: string }): Statement {
  return forDialect(dialect, { text: `SELECT purchase_id, MAX(day) AS day FROM ${table} WHERE account = ? AND day >= ? AND day <= ? GROUP BY purchase_id HAVING COUNT(*) > 1`, args: [account, days.from, days.to] });
}

/**
 * Each day of the range holding rows, how many it stores, and whether it holds no sealed customer
 * cells (rows written without them: the CSV then reads the records), newest day first.
 */
export function dayRowsStatement(dialect: FactDialect, daysTable: string, account: string, days: { from: string; to: string }): Statement {
  const text = `SELECT d.day, d.count AS n, CASE WHEN d.${CUSTOMERS_COLUMN} IS NULL THEN 1 ELSE 0 END AS unsealed FROM ${daysTable} d
    WHERE d.account = ? AND d.day >= ? AND d.day <= ? AND d.count > 0 ORDER BY d.day DESC`;
  return forDialect(dialect, { text, args: [account, days.from, days.to] });
}

export type DayRowsRecord = { day: string; n: Numeric; unsealed: Numeric };

export const csvPreambleOf = (duplicates: ReadonlyArray<{ purchase_id: Numeric; day: string }>, dayRows: readonly DayRowsRecord[]): FactCsvPreamble => ({
  duplicates: duplicates.map((d) => [Number(d.purchase_id), d.day]),
  unsealedDays: dayRows.filter((d) => Number(d.unsealed) === 1).length,
  dayRows: dayRows.map((d) => [d.day, Number(d.n)]),
});
