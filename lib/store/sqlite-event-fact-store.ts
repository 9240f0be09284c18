import "server-only";

// The refunds and chargebacks fact tables' embedded back-end, in the mirror's SQLite file beside
// the purchases' and the orders' (lib/store/event-fact-store.ts): one store, one worker thread,
// for both lists. better-sqlite3 is synchronous: a day's rows are replaced in one transaction.
import type Database from "better-sqlite3";
import { dropOlderShape, openFactSqlite } from "./sqlite-fact-open";
import { sqliteFactDays } from "./sqlite-fact-days";
import { eventRowOf, eventRowsStatement, eventRowValues, lossRowOf, lossRowsStatement, EVENT_ROW_COLUMNS, EVENT_TABLES, type EventRowRecord } from "./event-fact-sql";
import { EVENT_RESOURCES, type EventFactQuery, type EventFactRow, type EventFactStore, type EventResource } from "./event-fact-store";
import { lossColumnsOf, type PayoutLossColumns } from "@/lib/records/payout-loss-columns";
import { eventColumnsOf, type EventFactColumns } from "./event-fact-columns";
import type { FactDayMeta } from "./purchase-fact-store";

export class SqliteEventFactStore implements EventFactStore {
  private readonly db: Database.Database;
  private readonly tables: Record<EventResource, ReturnType<typeof sqliteFactDays<EventFactRow>>>;

  constructor(file: string) {
    this.db = openFactSqlite(file, { rows: EVENT_TABLES.refunds.rows, days: EVENT_TABLES.refunds.days });
    for (const resource of EVENT_RESOURCES) {
      const { rows, days } = EVENT_TABLES[resource];
      // A table made before the sale's date was a column (and while the payout calendar read an
      // amount of its own) goes with its days' marks, as every fact table's older shape does.
      dropOlderShape(this.db, { rows, days, requiredColumn: "sale_at" });
      this.db.exec(`
        CREATE TABLE IF NOT EXISTS ${rows} (account TEXT NOT NULL, day TEXT NOT NULL, seq INTEGER NOT NULL,
          event_id TEXT NOT NULL, sale_id INTEGER, event_at INTEGER, currency TEXT,
          amount_cents INTEGER NOT NULL, full_type INTEGER NOT NULL, dispute INTEGER NOT NULL, won INTEGER NOT NULL,
          resolved_at INTEGER, days_bucket INTEGER, sale_at INTEGER, order_id TEXT, status TEXT, kind TEXT, reason TEXT,
          product TEXT, offer TEXT, purchase_type TEXT, payment_method TEXT, psp TEXT, affiliate TEXT,
          PRIMARY KEY (account, day, seq)) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS ${rows}_time ON ${rows} (account, event_at);
        CREATE TABLE IF NOT EXISTS ${days} (account TEXT NOT NULL, day TEXT NOT NULL, fetched_at INTEGER NOT NULL,
          count INTEGER NOT NULL, PRIMARY KEY (account, day));
      `);
    }
    const of = (resource: EventResource) => sqliteFactDays<EventFactRow>(this.db, { ...EVENT_TABLES[resource], columns: EVENT_ROW_COLUMNS }, eventRowValues);
    this.tables = { refunds: of("refunds"), chargebacks: of("chargebacks") };
  }

  async replaceDay(account: string, resource: EventResource, day: string, fetchedAt: number, rows: readonly EventFactRow[]): Promise<void> {
    this.tables[resource].replace(account, day, fetchedAt, rows);
  }

  async readDayMeta(account: string, resource: EventResource, days: readonly string[]): Promise<FactDayMeta[]> {
    return this.tables[resource].readMeta(account, days);
  }

  async events(account: string, resource: EventResource, query: EventFactQuery): Promise<EventFactColumns> {
    const statement = eventRowsStatement("sqlite", EVENT_TABLES[resource].rows, account, query);
    return eventColumnsOf((this.db.prepare(statement.text).all(...statement.args) as EventRowRecord[]).map(eventRowOf));
  }

  async lossRows(account: string, resource: EventResource, days: { from: string; to: string }): Promise<PayoutLossColumns> {
    const statement = lossRowsStatement("sqlite", EVENT_TABLES[resource].rows, account, days);
    return lossColumnsOf((this.db.prepare(statement.text).all(...statement.args) as EventRowRecord[]).map(lossRowOf));
  }

  async forget(account: string): Promise<void> {
    // Both lists in one transaction: an account is never half forgotten.
    this.db.transaction(() => {
      for (const resource of EVENT_RESOURCES) this.tables[resource].forget(account);
    })();
    this.db.pragma("wal_checkpoint(TRUNCATE)");
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
