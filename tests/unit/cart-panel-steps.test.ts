import { describe, expect, it } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { cartPanelPlan } from "@/lib/query/cart-panels";
import { cartPanelSteps, purchasedAndDays, type PanelStep } from "@/lib/store/cart-panel-sql";

// How the panels' read begins on a back-end whose days' marks count their repeated records
// (PostgreSQL's `repeats`): it asks the range's marks first, in the read's snapshot, and fills a
// selection without numbering copies only when its table's days say no record repeats; where the
// purchases' days also say no checkout has two front purchases, it makes no purchases' selection.
const { plan } = cartPanelPlan({ from: "2026-03-10", to: "2026-03-11", timeZone: "UTC", filters: {}, granularity: "day", purchaseKeys: ["product"] }, assumeCurrency(null));
const TABLES = { carts: "salesdash_cart_facts", purchases: "salesdash_purchase_facts" };
const MARKS = { carts: "salesdash_cart_fact_days", purchases: "salesdash_purchase_fact_days" };

/**
 * Every step, the repeat question answered with `answer` and every other with no rows: what was
 * asked before the first fill, each fill's text (`purchases` undefined when not filled), and the
 * statements read after the fills.
 */
function fills(marks: typeof MARKS | undefined, answer: { carts: number; purchases: number; checkouts?: number }) {
  const steps = cartPanelSteps("postgres", { ...TABLES, repeatMarks: marks }, "acct", plan);
  const asked: Array<{ text: string; args: unknown[] }> = [];
  const read: string[] = [];
  const runs: string[] = [];
  // Each started statement's text and the fills run before it; each collected name.
  const started: Array<{ name: string; text: string; args: unknown[]; after: number }> = [];
  const collected: string[] = [];
  const execs: string[] = [];
  let step = steps.next();
  while (!step.done) {
    const value: PanelStep = step.value;
    if ("start" in value) {
      started.push({ name: value.start, text: value.statement.text, args: value.statement.args, after: runs.length });
      step = steps.next([]);
    } else if ("collect" in value) {
      collected.push(value.collect);
      step = steps.next([]);
    } else if ("query" in value) {
      if (runs.length === 0) asked.push({ text: value.query.text, args: value.query.args });
      else read.push(value.query.text);
      step = steps.next(runs.length === 0 ? [{ checkouts: 0, ...answer }] : []);
    } else {
      if ("run" in value) runs.push(value.run.text);
      if ("exec" in value) execs.push(value.exec);
      step = steps.next([]);
    }
  }
  return { asked, carts: runs[0]!, purchases: runs[1], runs: runs.length, read, started, collected, execs };
}

describe("the Abandonment panels' fills on PostgreSQL", () => {
  it("number the copies of neither table when no day of either range repeats a record", () => {
    const { asked, carts, purchases } = fills(MARKS, { carts: 1, purchases: 1 });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.text).toMatch(/salesdash_cart_fact_days d .*repeats IS NULL OR d\.repeats > 0.* AS carts, .*salesdash_purchase_fact_days d .*d\.repeats > 0.* AS purchases, .*salesdash_purchase_fact_days d .*checkout_repeats IS NULL OR d\.checkout_repeats > 0.* AS checkouts$/);
    // Each table's marks over the days its fill reads: the carts' range, then the purchases' (twice).
    const purchaseDays = ["acct", plan.purchases.days.from, plan.purchases.days.to];
    expect(asked[0]!.args).toEqual(["acct", plan.days.from, plan.days.to, ...purchaseDays, ...purchaseDays]);
    expect(carts).toMatch(/^CREATE TEMP TABLE cart_selection ON COMMIT DROP AS SELECT x\.checkout_id::TEXT COLLATE "C" AS checkout_id, /);
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

  it("make no purchases' selection where the purchases' days also say no checkout has two front purchases: one grouping of the purchases' table, started before the carts' fill", () => {
    const { runs, read, started, collected } = fills(MARKS, { carts: 1, purchases: 1, checkouts: 1 });
    expect(runs).toBe(1);
    expect(read.filter((text) => text.includes("cart_purchase_selection"))).toEqual([]);
    expect(read.filter((text) => text.includes("salesdash_purchase_facts"))).toEqual([]);
    // Started before any fill, so it reads no selection: the carts from their table, with the plan's range.
    expect(started).toHaveLength(1);
    const [grouped] = started;
    expect(grouped!.after).toBe(0);
    expect(grouped!.text).not.toMatch(/cart_selection/);
    expect(grouped!.text).toMatch(/^SELECT substr\(r\.checkout_initialized_at, 1, 10\) AS d, r\.currency, .* AS offer, SUM\(CASE WHEN r\.purchase_type = 'front' AND .*NOT EXISTS \(SELECT 1 FROM salesdash_cart_facts f WHERE f\.account = \$1 AND f\.day >= \$2 AND f\.day <= \$3 AND f\.session_at >= \$4 AND f\.session_at < \$5 AND f\.checkout_id = r\.checkout_id\).*FROM \(SELECT .* FROM salesdash_purchase_facts f .*GROUP BY 1, 2, 3$/s);
    expect(grouped!.args.slice(0, 5)).toEqual(["acct", plan.days.from, plan.days.to, plan.startMs, plan.endMs]);
    expect(grouped!.text).not.toMatch(/ROW_NUMBER/);
    expect(collected).toEqual(["purchasedDays"]);
    // Nothing then joins the selection that needs its statistics; where the purchased checkouts probe it, they are made.
    const analyzed = (execs: string[]) => execs.some((text) => /^ANALYZE cart_selection$/.test(text));
    expect(analyzed(fills(MARKS, { carts: 1, purchases: 1, checkouts: 1 }).execs)).toBe(false);
    expect(analyzed(fills(MARKS, { carts: 1, purchases: 1, checkouts: 0 }).execs)).toBe(true);
    // A cart filter narrows the carts it reads as it narrows the selection's.
    const filtered = cartPanelSteps("postgres", { ...TABLES, repeatMarks: MARKS }, "acct", cartPanelPlan({ from: "2026-03-10", to: "2026-03-11", timeZone: "UTC", filters: { country: ["BR"] }, granularity: "day", purchaseKeys: ["product"] }, assumeCurrency(null)).plan);
    let step = filtered.next();
    while (!step.done && !("start" in step.value)) step = filtered.next([{ carts: 1, purchases: 1, checkouts: 1 }]);
    expect(!step.done && "start" in step.value && step.value.statement.text).toMatch(/NOT EXISTS \(SELECT 1 FROM salesdash_cart_facts f WHERE f\.account = \$1 .*f\.country IN \(\$6\) AND f\.checkout_id = r\.checkout_id\)/s);
    // Where a checkout may have two front purchases, or a purchase two copies: the selection, and each checkout's first front purchase.
    for (const answer of [{ carts: 1, purchases: 1, checkouts: 0 }, { carts: 1, purchases: 0, checkouts: 1 }]) {
      const other = fills(MARKS, answer);
      expect(other.runs).toBe(2);
      expect(other.read.some((text) => /ROW_NUMBER\(\) OVER \(PARTITION BY p\.checkout ORDER BY p\.day DESC, p\.seq\)/.test(text))).toBe(true);
      expect(other.read.filter((text) => text.includes("salesdash_purchase_facts"))).toEqual([]);
    }
  });

  it("make the carts' selection by its fill, told that passing its rows from parallel workers costs nothing, and plan the rest as before", () => {
    for (const answer of [{ carts: 1, purchases: 1, checkouts: 1 }, { carts: 0, purchases: 0, checkouts: 0 }]) {
      const { carts, execs } = fills(MARKS, answer);
      expect(execs.filter((text) => text.includes("cart_selection "))).toEqual([]);
      expect(carts).toMatch(/^CREATE TEMP TABLE cart_selection ON COMMIT DROP AS SELECT /);
      expect(execs.filter((text) => text.includes("parallel_tuple_cost"))).toEqual(["SET LOCAL parallel_tuple_cost = 0", "SET LOCAL parallel_tuple_cost TO DEFAULT"]);
    }
    // A comparison's KPIs fill a few columns: the others are there, empty, as the table the other back-ends make has them.
    const kpis = cartPanelSteps("postgres", { ...TABLES, repeatMarks: MARKS }, "acct", { ...plan, only: "kpis" });
    let step = kpis.next();
    while (!step.done && !("run" in step.value)) step = kpis.next([{ carts: 1, purchases: 1, checkouts: 1 }]);
    const text = !step.done && "run" in step.value ? step.value.run.text : "";
    expect(text).toMatch(/ NULL::BIGINT AS attempts, /);
    expect(text).toMatch(/ x\.cents::BIGINT AS cents, /);
  });

  it("ask nothing and number both where the days keep no count (a store that gives no marks)", () => {
    const { asked, carts, purchases } = fills(undefined, { carts: 1, purchases: 1 });
    expect(asked).toEqual([]);
    expect(carts).toMatch(/ROW_NUMBER/);
    expect(purchases).toMatch(/ROW_NUMBER/);
  });
});

describe("purchasedAndDays", () => {
  it("sums each currency and offer's purchased checkouts over its days, leaves out a group of none, and gives each day of the carts or the purchases once", () => {
    const groups = [
      { d: "2026-03-10", currency: "brl", offer: "OA", checkouts: "2" },
      { d: "2026-03-11", currency: "brl", offer: "OA", checkouts: 3 },
      { d: "2026-03-11", currency: "usd", offer: "none", checkouts: 1 },
      { d: "2026-03-12", currency: "usd", offer: "OB", checkouts: 0 },
      { d: null, currency: "unknown", offer: "none", checkouts: 1 },
    ];
    const { purchased, days } = purchasedAndDays(groups, [{ d: "2026-03-09" }, { d: "2026-03-10" }]);
    expect(purchased).toEqual([
      { currency: "brl", offer: "OA", checkouts: 5 },
      { currency: "usd", offer: "none", checkouts: 1 },
      { currency: "unknown", offer: "none", checkouts: 1 },
    ]);
    expect(days.map((r) => r.d)).toEqual(["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", null]);
  });
});

describe("the Abandonment's purchased checkouts on DuckDB", () => {
  // Every statement the panels' read sends, each repeat question answered "none repeats".
  function sent(dialect: "duckdb" | "postgres"): string[] {
    const steps = cartPanelSteps(dialect, { ...TABLES, repeatMarks: MARKS }, "acct", plan);
    const texts: string[] = [];
    let step = steps.next();
    while (!step.done) {
      const value: PanelStep = step.value;
      if ("start" in value) texts.push(value.statement.text);
      if ("query" in value) texts.push(value.query.text);
      if ("run" in value) texts.push(value.run.text);
      step = steps.next("query" in value && texts.length === 1 ? [{ carts: 1, purchases: 1, checkouts: 1 }] : []);
    }
    return texts.map((t) => t.replace(/\s+/g, " "));
  }

  it("probe one set of the carts' checkouts (no NULL in it), not a subquery per purchase; PostgreSQL keeps its NOT EXISTS", () => {
    const duckdb = sent("duckdb").filter((t) => t.includes("AS checkouts") && t.includes("substr"));
    expect(duckdb).toHaveLength(1);
    // DuckDB planned the correlated NOT EXISTS as a join over every purchase's distinct checkout (docs/benchmarks.md).
    expect(duckdb[0]).toContain("NOT (r.checkout_id IN (SELECT c.checkout_id FROM cart_selection c WHERE c.checkout_id IS NOT NULL))");
    expect(duckdb[0]).not.toContain("NOT EXISTS");
    const postgres = sent("postgres").filter((t) => t.includes("AS checkouts") && t.includes("substr"));
    expect(postgres).toHaveLength(1);
    expect(postgres[0]).toContain("NOT EXISTS (SELECT 1 FROM salesdash_cart_facts f WHERE ");
  });
});
