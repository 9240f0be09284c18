import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { refundPlan } from "@/lib/query/refund-query";
import { affiliateStatements, countSalesStatement, locateStatement } from "@/lib/store/purchase-fact-sql";
import { refundStatements, salesOfStatement } from "@/lib/store/refund-fact-sql";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
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
