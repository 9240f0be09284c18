import "server-only";

// The purchases fact table in a DuckDB file beside the mirror (SALESDASH_FACT_ENGINE=duckdb):
// the same contract as SqlitePurchaseFactStore and PostgresPurchaseFactStore, answer for answer
// (lib/store/purchase-fact-store.ts): AsyncPurchaseFactStore's methods, as PostgreSQL's, the
// shared SQL in its "duckdb" dialect. A column store: a report's scan reads the few columns it
// names, compressed, on DuckDB's own threads; the app still hosts the store in a worker thread
// (worker-fact-stores.ts), where turning its answers into JavaScript runs.
// Not encrypted: DuckDB cannot write an encrypted file with what installs here.
import { AsyncPurchaseFactStore } from "../async-purchase-fact-store";
import type { DuckDBConnection } from "@duckdb/node-api";
import { soldMsOf } from "@/lib/timestamps";
import { CSV_COLUMNS, DIMENSION_COLUMN, ROW_COLUMNS, rowValues, snakeCase, SOLD_FROM_TEXT, SUM_COLUMNS } from "../purchase-fact-sql";
import { CUSTOMERS_COLUMN } from "../purchase-csv-sql";
import { FACT_CSV_AMOUNTS, FACT_DIMENSIONS, type PurchaseFactRow } from "../purchase-fact-store";
import { bigint, double, nullable, text } from "./duckdb-columns";
import { DuckDbFactTableStore, type DuckDbFactTable } from "./duckdb-fact-table-store";

const CSV_AMOUNT_COLUMNS = new Set<string>(FACT_CSV_AMOUNTS.map(snakeCase));
const cents = bigint;

/** The columns' types, as PostgreSQL's migrations give them (BIGINT cents and instants, DOUBLE amounts for ordering). */
const TYPES: DuckDbFactTable<PurchaseFactRow>["types"] = {
  purchase_id: cents,
  order_id: nullable(cents),
  created_at: nullable(cents),
  available_at: nullable(cents),
  currency: text,
  currency_offer: text,
  offer_name: nullable(text),
  ...Object.fromEntries(FACT_DIMENSIONS.map((d) => [DIMENSION_COLUMN[d], text])),
  ...Object.fromEntries(SUM_COLUMNS.map((c) => [c, cents])),
  purchase_created_at: text,
  sort_product: text,
  sort_type: text,
  sort_method: text,
  sort_country: text,
  sale_amount: double,
  commission_amount: double,
  checkout_id: nullable(text),
  offer_code: nullable(text),
  checkout_initialized_at: text,
  // What the purchases CSV writes as the record gave it (purchase-csv-sql.ts): texts, then amounts.
  ...Object.fromEntries(CSV_COLUMNS.map((c) => [c, nullable(CSV_AMOUNT_COLUMNS.has(c) ? double : text)])),
};

/**
 * The sold instant of a row (soldMsOf: its purchase's createdAt, else its checkout's), written with
 * it, NaN where neither reads: the payout calendar's read of two years took ~0.3 s more when DuckDB
 * checked and parsed each row's text (payoutStatement's PayoutOrder). A file made before the column
 * gets it last (where a new file has it), filled where the text has the API's shape: a row it leaves
 * NULL (another shape) sends its range back to the read of the texts.
 */
const SOLD_AT = "sold_at";
const soldAtOf = (row: PurchaseFactRow): number => soldMsOf(row.table.createdAt, () => row.createdAt ?? NaN);

async function addSoldAt(connection: DuckDBConnection): Promise<void> {
  await connection.run(`ALTER TABLE purchase_facts ADD COLUMN IF NOT EXISTS ${SOLD_AT} DOUBLE`);
  await connection.run(`UPDATE purchase_facts f SET ${SOLD_AT} = ${SOLD_FROM_TEXT} WHERE f.${SOLD_AT} IS NULL AND ${SOLD_FROM_TEXT} IS NOT NULL`);
}

/** The purchases' table and its days' marks (the carts' store makes them too when it opens first: its panels read them). */
export const DUCKDB_PURCHASE_FACTS: DuckDbFactTable<PurchaseFactRow> = {
  rows: "purchase_facts",
  columns: [...ROW_COLUMNS, SOLD_AT],
  days: "purchase_fact_days",
  valuesOf: (row) => [...rowValues(row), soldAtOf(row)],
  types: { ...TYPES, [SOLD_AT]: nullable(double) },
  dayColumns: [`${CUSTOMERS_COLUMN} BLOB`],
  key: "purchase_id",
  frontCheckouts: true,
  opening: addSoldAt,
};

export class DuckDbPurchaseFactStore extends AsyncPurchaseFactStore {
  /** `file`: the DuckDB file (facts.duckdb in the data directory), made when missing. */
  constructor(file: string) {
    super(new DuckDbFactTableStore<PurchaseFactRow>(file, DUCKDB_PURCHASE_FACTS));
  }
}
