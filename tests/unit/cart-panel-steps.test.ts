import { describe, expect, it } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { cartPanelPlan } from "@/lib/query/cart-panels";
import { cartPanelSteps, type PanelStep } from "@/lib/store/cart-panel-sql";

// How the panels' read begins on a back-end whose days' marks count their repeated records
// (PostgreSQL's `repeats`): it asks the range's marks first, in the read's snapshot, and fills a
// selection without numbering copies only when its table's days say no record repeats.
const { plan } = cartPanelPlan({ from: "2026-03-10", to: "2026-03-11", timeZone: "UTC", filters: {}, granularity: "day", purchaseKeys: ["product"] }, assumeCurrency(null));
const TABLES = { carts: "salesdash_cart_facts", purchases: "salesdash_purchase_facts" };
const MARKS = { carts: "salesdash_cart_fact_days", purchases: "salesdash_purchase_fact_days" };

/** The steps up to the two fills, the repeat question answered with `answer`: what each fill's text is. */
function fills(marks: typeof MARKS | undefined, answer: { carts: number; purchases: number }) {
  const steps = cartPanelSteps("postgres", { ...TABLES, repeatMarks: marks }, "acct", plan);
  const asked: Array<{ text: string; args: unknown[] }> = [];
  const runs: string[] = [];
  let step = steps.next();
  while (!step.done && runs.length < 2) {
    const value: PanelStep = step.value;
    if ("query" in value) {
      asked.push({ text: value.query.text, args: value.query.args });
      step = steps.next([answer]);
    } else {
      if ("run" in value) runs.push(value.run.text);
      step = steps.next([]);
    }
  }
  return { asked, carts: runs[0]!, purchases: runs[1]! };
}

describe("the Abandonment panels' fills on PostgreSQL", () => {
  it("number the copies of neither table when no day of either range repeats a record", () => {
    const { asked, carts, purchases } = fills(MARKS, { carts: 1, purchases: 1 });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.text).toMatch(/salesdash_cart_fact_days d .*repeats IS NULL OR d\.repeats > 0.* AS carts, .*salesdash_purchase_fact_days d .* AS purchases$/);
    // Each table's marks over the days its fill reads: the carts' range, then the purchases'.
    expect(asked[0]!.args).toEqual(["acct", plan.days.from, plan.days.to, "acct", plan.purchases.days.from, plan.purchases.days.to]);
    expect(carts).toMatch(/^INSERT INTO cart_selection /);
    expect(carts).not.toMatch(/ROW_NUMBER/);
    expect(purchases).not.toMatch(/ROW_NUMBER/);
  });

  it("number the copies of the table whose range may repeat one, and only that one", () => {
    const { carts, purchases } = fills(MARKS, { carts: 1, purchases: 0 });
    expect(carts).not.toMatch(/ROW_NUMBER/);
    expect(purchases).toMatch(/ROW_NUMBER\(\) OVER \(PARTITION BY y\.purchase_id ORDER BY y\.day DESC, y\.seq\)/);
    const other = fills(MARKS, { carts: 0, purchases: 1 });
    expect(other.carts).toMatch(/ROW_NUMBER\(\) OVER \(PARTITION BY y\.checkout_id/);
    expect(other.purchases).not.toMatch(/ROW_NUMBER/);
  });

  it("ask nothing and number both where the days keep no count (a store that gives no marks, as DuckDB's)", () => {
    const { asked, carts, purchases } = fills(undefined, { carts: 1, purchases: 1 });
    expect(asked).toEqual([]);
    expect(carts).toMatch(/ROW_NUMBER/);
    expect(purchases).toMatch(/ROW_NUMBER/);
  });
});
