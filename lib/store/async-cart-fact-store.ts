import "server-only";

// The carts fact table's methods once for the back-ends whose queries are promises, PostgreSQL
// and DuckDB, over each one's table (AsyncFactTable, as AsyncOrderFactStore reads the orders'):
// the shared SQL in the table's dialect. Same contract as SqliteCartFactStore, answer for answer
// (lib/store/cart-fact-store.ts).
import type { AsyncFactTable } from "./async-purchase-fact-store";
import { cartRowsStatement } from "./cart-fact-sql";
import type { CartFactPlan, CartFactRow, CartFactStore, CartRowValues } from "./cart-fact-store";
import { cartPanelSteps, runStepsAsync, type RepeatMarks } from "./cart-panel-sql";
import type { CartPanelGroups, CartPanelPlan } from "./cart-panel-store";
import type { FactDayMeta } from "./purchase-fact-store";

export class AsyncCartFactStore implements CartFactStore {
  /**
   * `purchases`: the purchases fact table beside the carts' (same file or database), which the
   * panels read. `repeatMarks`: the two tables' days' marks, when they count each day's records
   * also stored on another day (PostgreSQL's and DuckDB's): the panels then number copies only where a day says so.
   */
  constructor(protected readonly facts: AsyncFactTable<CartFactRow>, private readonly purchases: string, private readonly repeatMarks?: RepeatMarks) {}

  replaceDay(account: string, day: string, fetchedAt: number, rows: readonly CartFactRow[]): Promise<void> {
    return this.facts.replaceDay(account, day, fetchedAt, rows);
  }

  readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]> {
    return this.facts.readDayMeta(account, days);
  }

  carts(account: string, plan: CartFactPlan): Promise<CartRowValues[]> {
    return this.facts.arrays(cartRowsStatement(this.facts.dialect, this.facts.table, account, plan), (rows: Iterable<CartRowValues>) => Array.from(rows));
  }

  /**
   * One snapshot on one connection: the selections are temporary tables of that read. Kept while
   * no write lands (AsyncFactTable's kept; the mark covers the purchases' table too: the file's
   * on DuckDB, the account's on PostgreSQL), so a second visit groups nothing again.
   */
  cartPanels(account: string, plan: CartPanelPlan): Promise<CartPanelGroups> {
    const { dialect, table } = this.facts;
    return this.facts.kept(account, ["cartPanels", plan], () =>
      this.facts.scratchRead((reader) =>
        runStepsAsync(cartPanelSteps(dialect, { carts: table, purchases: this.purchases, repeatMarks: this.repeatMarks }, account, plan), (step) =>
          reader.all("exec" in step ? { text: step.exec, args: [] } : "run" in step ? step.run : step.query),
          reader.beside,
        ),
      ),
    );
  }

  forget(account: string): Promise<void> {
    return this.facts.forget(account);
  }

  close(): Promise<void> {
    return this.facts.close();
  }
}
