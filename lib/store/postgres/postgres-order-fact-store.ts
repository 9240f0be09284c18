import "server-only";

// The orders fact table in PostgreSQL, shared by every instance. Same contract as
// SqliteOrderFactStore, answer for answer (lib/store/order-fact-store.ts); the methods are
// AsyncOrderFactStore's, over the table's PostgresFactTableStore; the choices from the days' kept
// texts (order-day-choices.ts).
import type { Pool } from "pg";
import { AsyncOrderFactStore } from "../async-order-fact-store";
import { choiceStatements, orderChoicesOf, orderRowValues, ORDER_ROW_COLUMNS, type ChoiceRecords } from "../order-fact-sql";
import type { OrderFactChoices, OrderFactPlan, OrderFactRow } from "../order-fact-store";
import { choicesDayStatement, orderChoicesOfTallies } from "./order-day-choices";
import { PostgresFactTableStore } from "./postgres-fact-table-store";
import type { PostgresPoolOptions } from "./pool";

const TABLES = { rows: "salesdash_order_facts", days: "salesdash_order_fact_days" };

export class PostgresOrderFactStore extends AsyncOrderFactStore {
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    super(new PostgresFactTableStore<OrderFactRow>({ ...TABLES, columns: ORDER_ROW_COLUMNS, valuesOf: orderRowValues, dayTallies: choicesDayStatement(TABLES.rows, TABLES.days) }, connection, options));
  }

  /** From the days' kept choices and the rows of the days the range's instants cut (order-day-choices.ts), else from the rows. */
  override choices(account: string, plan: OrderFactPlan): Promise<OrderFactChoices> {
    return this.facts.kept(account, ["choices", plan], () =>
      this.facts.snapshotRead(async (reader) => {
        const kept = await orderChoicesOfTallies(reader, TABLES, account, plan);
        if (kept) return orderChoicesOf(kept);
        const statements = choiceStatements("postgres", TABLES.rows, account, plan);
        return orderChoicesOf({ groups: await reader.all<ChoiceRecords["groups"][number]>(statements.groups), labels: await reader.all<ChoiceRecords["labels"][number]>(statements.labels) });
      }),
    );
  }
}
