import "server-only";

// The refunds and chargebacks fact tables in the DuckDB file of the purchases'
// (SALESDASH_FACT_ENGINE=duckdb): the same contract as SqliteEventFactStore and
// PostgresEventFactStore, answer for answer (lib/store/event-fact-store.ts): AsyncEventFactStore's
// methods, as PostgreSQL's, the shared SQL in its "duckdb" dialect. Not encrypted.
import { AsyncEventFactStore } from "../async-event-fact-store";
import { EVENT_DIMENSION_COLUMN, eventRowValues, EVENT_ROW_COLUMNS, EVENT_TABLES } from "../event-fact-sql";
import { EVENT_FACT_DIMENSIONS, type EventFactRow, type EventResource } from "../event-fact-store";
import { bigint, integer, nullable, text } from "./duckdb-columns";
import { DuckDbFactTableStore, type DuckDbFactTable } from "./duckdb-fact-table-store";

/** The columns' types, as PostgreSQL's migrations give them (0009, 0011). */
const TYPES: DuckDbFactTable<EventFactRow>["types"] = {
  event_id: text,
  sale_id: nullable(bigint),
  event_at: nullable(bigint),
  currency: nullable(text),
  amount_cents: bigint,
  full_type: integer,
  dispute: integer,
  won: integer,
  resolved_at: nullable(bigint),
  days_bucket: nullable(integer),
  sale_at: nullable(bigint),
  ...Object.fromEntries(["order_id", "status", "kind", "reason"].map((c) => [c, nullable(text)])),
  ...Object.fromEntries(EVENT_FACT_DIMENSIONS.map((d) => [EVENT_DIMENSION_COLUMN[d], nullable(text)])),
};

const tableOf = (file: string, resource: EventResource) =>
  new DuckDbFactTableStore<EventFactRow>(file, { ...EVENT_TABLES[resource], columns: EVENT_ROW_COLUMNS, valuesOf: eventRowValues, types: TYPES });

export class DuckDbEventFactStore extends AsyncEventFactStore {
  /** `file`: the DuckDB file of the four fact stores (facts.duckdb in the data directory), made when missing. */
  constructor(file: string) {
    super({ refunds: tableOf(file, "refunds"), chargebacks: tableOf(file, "chargebacks") });
  }
}
