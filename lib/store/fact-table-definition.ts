// What names a fact table on either back-end (sqlite-fact-table-store.ts,
// postgres/postgres-fact-table-store.ts): its rows' table and their own columns, its days'
// marks, and how a row becomes its columns' values.
export interface FactTableDefinition<Row> {
  /** The rows' table and its own columns (after account, day, seq). */
  rows: string;
  columns: readonly string[];
  /** The days' marks: account, day, fetched_at, count. */
  days: string;
  valuesOf: (row: Row) => unknown[];
  /**
   * The column naming a record (checkout_id, purchase_id), for a back-end that keeps with each day
   * how many of its records are also stored on another day (`repeats`, PostgreSQL and DuckDB): a range
   * whose days all say none is read without numbering copies.
   */
  key?: string;
  /**
   * The purchases': each day also keeps how many of its front purchases share their checkout with
   * another front purchase (`checkout_repeats`), which the Abandonment panels read.
   */
  frontCheckouts?: boolean;
}
