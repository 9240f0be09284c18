import "server-only";

// The refunds and chargebacks fact tables in PostgreSQL, shared by every instance. Same contract
// as SqliteEventFactStore, answer for answer (lib/store/event-fact-store.ts); the methods are
// AsyncEventFactStore's, over a PostgresFactTableStore per list on one pool.
import type { Pool } from "pg";
import { AsyncEventFactStore } from "../async-event-fact-store";
import { eventRowValues, EVENT_ROW_COLUMNS, EVENT_TABLES } from "../event-fact-sql";
import type { EventFactRow, EventResource } from "../event-fact-store";
import { PostgresFactTableStore } from "./postgres-fact-table-store";
import { storePool, type PostgresPoolOptions } from "./pool";

const tableOf = (pool: Pool, resource: EventResource) =>
  new PostgresFactTableStore<EventFactRow>({ rows: `salesdash_${EVENT_TABLES[resource].rows}`, columns: EVENT_ROW_COLUMNS, days: `salesdash_${EVENT_TABLES[resource].days}`, valuesOf: eventRowValues }, pool);

export class PostgresEventFactStore extends AsyncEventFactStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;

  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    const { pool, owned } = storePool(connection, options);
    super({ refunds: tableOf(pool, "refunds"), chargebacks: tableOf(pool, "chargebacks") });
    this.pool = pool;
    this.ownsPool = owned;
  }

  /** The tables hold the pool without owning it: it ends here when it is the store's own. */
  override async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
