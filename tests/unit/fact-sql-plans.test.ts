import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { refundPlan } from "@/lib/query/refund-query";
import { affiliateStatements, countSalesStatement, locateStatement } from "@/lib/store/purchase-fact-sql";
import { refundStatements, salesOfStatement } from "@/lib/store/refund-fact-sql";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { cartPanelPlan } from "@/lib/query/cart-panels";
import type { FilterKey } from "@/lib/report-params/definitions";
import { cartPanelSteps } from "@/lib/store/cart-panel-sql";
import { SqliteCartFactStore } from "@/lib/store/sqlite-cart-fact-store";
import { sqliteFiles } from "../support/sqlite-files";

// The Refunds report's lookups on SQLite go through the indexes made for them: the sales a
// refund names by purchase id (not a range of the time index per id, which took minutes at
// scale 5), the refunded sales through the partial index of refunded rows.
const file = sqliteFiles("salesdash-refund-plans-");

describe("the fact statements of the Refunds and Affiliates reports on SQLite", () => {
  const opened: Database.Database[] = [];
  afterAll(() => opened.forEach((db) => db.close()));

  const planOf = async (statement: { text: string; args: unknown[] }) => {
    const path = file();
    await new SqlitePurchaseFactStore(path).close();
    const db = new Database(path, { readonly: true });
    opened.push(db);
    return (db.prepare(`EXPLAIN QUERY PLAN ${statement.text}`).all(...statement.args) as { detail: string }[]).map((r) => r.detail).join(" | ");
  };
  const plan = (filters = {}) => refundPlan({ from: "2026-01-01", to: "2026-06-30", timeZone: "America/Sao_Paulo", filters, granularity: "day", keyType: "creator" } as never);

  it("look the named sales up by purchase id, with or without a filter", async () => {
    expect(await planOf(salesOfStatement("sqlite", "purchase_facts", "acct", plan(), [1, 2, 3]))).toMatch(/SEARCH f USING INDEX purchase_facts_id \(account=\? AND purchase_id=\?/);
    expect(await planOf(salesOfStatement("sqlite", "purchase_facts", "acct", plan({ product: ["Q"] }), [1, 2, 3]))).toMatch(/USING INDEX purchase_facts_id/);
    // The Affiliates leaderboard counts the disputed sales the same way.
    expect(await planOf(countSalesStatement("sqlite", "purchase_facts", "acct", plan({ product: ["Q"] }), [1, 2, 3]))).toMatch(/USING INDEX purchase_facts_id/);
    // So does the reveal action, for the rows of the visible page.
    expect(await planOf(locateStatement("sqlite", "purchase_facts", "acct", plan(), [1, 2, 3]))).toMatch(/SEARCH f USING INDEX purchase_facts_id \(account=\? AND purchase_id=\?/);
  });

  it("read the refunded sales' cells and labels from the refunded rows only", async () => {
    const statements = refundStatements("sqlite", "purchase_facts", "acct", plan());
    expect(await planOf(statements.cells)).toMatch(/USING INDEX purchase_facts_refunded/);
    expect(await planOf(statements.labels)).toMatch(/USING INDEX purchase_facts_refunded/);
  });

  it("read a whole range without a filter along the primary key's days, and a filtered one through the dimension's index", async () => {
    expect(await planOf(refundStatements("sqlite", "purchase_facts", "acct", plan()).sums)).toMatch(/SEARCH f USING PRIMARY KEY \(account=\? AND day>\? AND day<\?\)/);
    expect(await planOf(affiliateStatements("sqlite", "purchase_facts", "acct", plan()).sums)).toMatch(/USING PRIMARY KEY \(account=\? AND day>/);
    expect(await planOf(affiliateStatements("sqlite", "purchase_facts", "acct", plan({ product: ["Q"] })).sums)).toMatch(/USING INDEX purchase_facts_product/);
  });
});

describe("the Abandonment panels' statements on SQLite", () => {
  const opened: Database.Database[] = [];
  afterAll(() => opened.forEach((db) => db.close()));

  /** Each statement's plan, in the order the store runs them (the selections made and filled on the way, empty). */
  const plans = async (filters: Partial<Record<FilterKey, string[]>>) => {
    const path = file();
    await new SqliteCartFactStore(path).close();
    await new SqlitePurchaseFactStore(path).close();
    const db = new Database(path);
    opened.push(db);
    const { plan } = cartPanelPlan({ from: "2026-01-01", to: "2026-06-30", timeZone: "America/Sao_Paulo", filters, granularity: "day", purchaseKeys: ["product", "offer"] }, assumeCurrency(null));
    const details: string[] = [];
    const steps = cartPanelSteps("sqlite", { carts: "cart_facts", purchases: "purchase_facts" }, "acct", plan);
    for (let step = steps.next(); !step.done; step = steps.next([])) {
      if ("exec" in step.value) db.exec(step.value.exec);
      else if (!("collect" in step.value)) {
        const s = "run" in step.value ? step.value.run : "query" in step.value ? step.value.query : step.value.statement;
        details.push((db.prepare(`EXPLAIN QUERY PLAN ${s.text}`).all(...s.args) as { detail: string }[]).map((r) => r.detail).join(" | "));
      }
    }
    return details;
  };

  it("read the range's carts and purchases once each: along the primary key's days (backwards, a day sorted at a time) without a filter, through the dimension's index with one", async () => {
    const [carts, purchases] = await plans({});
    expect(carts).toMatch(/SEARCH f USING PRIMARY KEY \(account=\? AND day>\? AND day<\?\)/);
    expect(purchases).toMatch(/SEARCH f USING PRIMARY KEY \(account=\? AND day>\? AND day<\?\)/);
    // In the records' order (newest day first) along the key backwards: only a day's rows are sorted, not the range.
    for (const fill of [carts, purchases]) expect(fill).toMatch(/USE TEMP B-TREE FOR LAST TERM OF ORDER BY/);
    const [filteredCarts, filteredPurchases] = await plans({ product: ["Q"] });
    expect(filteredCarts).toMatch(/USING INDEX cart_facts_product/);
    expect(filteredPurchases).toMatch(/USING INDEX purchase_facts_product/);
  });

  it("place the carts in the series' buckets and the heatmap's zone offsets by the selection's index, and find a purchase's checkout among the carts by its key", async () => {
    const details = await plans({});
    expect(details.filter((d) => /SCAN json_each/.test(d))).toHaveLength(3);
    for (const d of details.filter((d) => /SCAN json_each/.test(d))) expect(d).toMatch(/SEARCH r USING (COVERING )?INDEX cart_selection_(session|purchased)/);
    expect(details.some((d) => /SEARCH c USING COVERING INDEX sqlite_autoindex_cart_selection_1 \(checkout_id=\?\)/.test(d))).toBe(true);
  });
});
