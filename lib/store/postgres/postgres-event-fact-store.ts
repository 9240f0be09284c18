import "server-only";

// The refunds and chargebacks fact tables in PostgreSQL, shared by every instance. Same contract
// as SqliteEventFactStore, answer for answer (lib/store/event-fact-store.ts).
import type { Pool } from "pg";
import { eventRowOf, eventRowsStatement, eventRowValues, EVENT_ROW_COLUMNS, EVENT_TABLES, type EventRowRecord } from "../event-fact-sql";
import { EVENT_RESOURCES, type EventFactQuery, type EventFactRow, type EventFactStore, type EventResource } from "../event-fact-store";
import type { FactDayMeta } from "../purchase-fact-store";
import { readFactDayMeta, replaceFactDay } from "./fact-days";
import { inTransaction, storePool, type PostgresPoolOptions } from "./pool";

const tablesOf = (resource: EventResource) => ({
  rows: `salesdash_${EVENT_TABLES[resource].rows}`,
  columns: ["account", "day", "seq", ...EVENT_ROW_COLUMNS],
  days: `salesdash_${EVENT_TABLES[resource].days}`,
});

export class PostgresEventFactStore implements EventFactStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;

  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    ({ pool: this.pool, owned: this.ownsPool } = storePool(connection, options));
  }

  async replaceDay(account: string, resource: EventResource, day: string, fetchedAt: number, rows: readonly EventFactRow[]): Promise<void> {
    await replaceFactDay(this.pool, tablesOf(resource), account, day, fetchedAt, rows.map(eventRowValues));
  }

  async readDayMeta(account: string, resource: EventResource, days: readonly string[]): Promise<FactDayMeta[]> {
    return readFactDayMeta(this.pool, tablesOf(resource).days, account, days);
  }

  async events(account: string, resource: EventResource, query: EventFactQuery): Promise<EventFactRow[]> {
    const statement = eventRowsStatement("postgres", tablesOf(resource).rows, account, query);
    return (await this.pool.query<EventRowRecord>(statement.text, statement.args)).rows.map(eventRowOf);
  }

  async forget(account: string): Promise<void> {
    // Both lists in one transaction: an account is never half forgotten.
    await inTransaction(this.pool, async (client) => {
      for (const resource of EVENT_RESOURCES) {
        const tables = tablesOf(resource);
        await client.query(`DELETE FROM ${tables.rows} WHERE account = $1`, [account]);
        await client.query(`DELETE FROM ${tables.days} WHERE account = $1`, [account]);
      }
    });
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
