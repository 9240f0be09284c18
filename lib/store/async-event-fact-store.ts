import "server-only";

// The refunds' and chargebacks' fact tables' methods once for the back-ends whose queries are
// promises, PostgreSQL and DuckDB, over each list's table (AsyncFactTable): the shared SQL in the
// table's dialect. Same contract as SqliteEventFactStore, answer for answer
// (lib/store/event-fact-store.ts).
import type { AsyncFactTable } from "./async-purchase-fact-store";
import { eventColumnsOfBatches, eventRowOf, eventRowsStatement, lossColumnsOfBatches, lossRowOf, lossRowsStatement, type EventRowRecord } from "./event-fact-sql";
import type { EventFactQuery, EventFactRow, EventFactStore, EventResource } from "./event-fact-store";
import { lossColumnsOf, type PayoutLossColumns } from "@/lib/records/payout-loss-columns";
import { eventColumnsOf, eventColumnsToMove, type EventFactColumns } from "./event-fact-columns";
import type { FactDayMeta } from "./purchase-fact-store";

export class AsyncEventFactStore implements EventFactStore {
  /** Both lists' tables, in one file or database (forget deletes from both in one transaction). */
  constructor(protected readonly tables: Readonly<Record<EventResource, AsyncFactTable<EventFactRow>>>) {}

  replaceDay(account: string, resource: EventResource, day: string, fetchedAt: number, rows: readonly EventFactRow[]): Promise<void> {
    return this.tables[resource].replaceDay(account, day, fetchedAt, rows);
  }

  readDayMeta(account: string, resource: EventResource, days: readonly string[]): Promise<FactDayMeta[]> {
    return this.tables[resource].readDayMeta(account, days);
  }

  /**
   * Kept while nothing is written (kept-answers.ts): two years of refunds at scale 20 took ~0.6 s
   * of a Refunds revisit's ~1.5 s to read again. The answer is a fresh copy either way: its
   * columns move to the caller's thread.
   */
  async events(account: string, resource: EventResource, query: EventFactQuery): Promise<EventFactColumns> {
    const facts = this.tables[resource];
    const statement = eventRowsStatement(facts.dialect, facts.table, account, query);
    return eventColumnsToMove(
      await facts.kept(account, ["events", query], async () => {
        // DuckDB's rows a column at a time (two years of refunds at scale 20 were 1.4 s as objects), in the statement's DuckDB shape.
        if (facts.dialect === "duckdb" && facts.columns) return facts.columns(statement, eventColumnsOfBatches);
        return eventColumnsOf((await facts.all<EventRowRecord>(statement)).map(eventRowOf));
      }),
    );
  }

  async lossRows(account: string, resource: EventResource, days: { from: string; to: string }): Promise<PayoutLossColumns> {
    const facts = this.tables[resource];
    const statement = lossRowsStatement(facts.dialect, facts.table, account, days);
    if (facts.columns) return facts.columns(statement, lossColumnsOfBatches);
    return lossColumnsOf((await facts.all<EventRowRecord>(statement)).map(lossRowOf));
  }

  /** Both lists in one transaction: an account is never half forgotten. */
  forget(account: string): Promise<void> {
    return this.tables.refunds.forgetWith(account, [this.tables.chargebacks]);
  }

  async close(): Promise<void> {
    await Promise.all([this.tables.refunds.close(), this.tables.chargebacks.close()]);
  }
}
