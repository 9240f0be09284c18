import { DuckDBInstance } from "@duckdb/node-api";
import { describe, expect, it } from "vitest";
import { DUCKDB_PURCHASE_FACTS, DuckDbPurchaseFactStore } from "@/lib/store/duckdb/duckdb-purchase-fact-store";
import { rowsOf } from "@/lib/store/duckdb/duckdb-fact-table-store";
import { csvBatchStatement, jsonRows } from "@/lib/store/purchase-csv-sql";
import { purchaseCustomerCells, purchaseFactRows, type FactPurchase } from "@/lib/query/purchase-facts";
import { factCsvIndex, purchaseCsvPlan } from "@/lib/query/purchase-csv-query";
import { groundTruth } from "../../sandbox/ground-truth";
import { purchaseCsvFactsBehaviour } from "../support/purchase-csv-facts-behaviour";
import { processDataDir } from "../support/process-data-dir";
import { sqliteFiles } from "../support/sqlite-files";

// The purchases CSV from the purchases fact table on DuckDB (SALESDASH_FACT_ENGINE=duckdb): the
// same suite as SQLite's and PostgreSQL's, its days' sealed customer cells a BLOB on their marks;
// then what DuckDB alone does: its rows cross as JSON text.
processDataDir("csv-facts-duckdb");
const newFile = sqliteFiles("salesdash-duckdb-csv-");

purchaseCsvFactsBehaviour("DuckDB", {
  open: async () => new DuckDbPurchaseFactStore(newFile().replace(/\.sqlite$/, ".duckdb")),
  done: (facts) => facts.close(),
});

describe("the purchases CSV's rows from DuckDB", () => {
  const NOW = Date.parse("2026-06-15T12:00:00Z");
  it("cross as JSON text and read back as the values the table holds: awkward texts and doubles", async () => {
    const file = newFile().replace(/\.sqlite$/, ".duckdb");
    const facts = new DuckDbPurchaseFactStore(file);
    const records = (groundTruth({ now: NOW }, "creator", "purchases", "2026-05-01", "2026-05-08") as FactPurchase[]).filter((p) => p.checkoutInitializedAt.startsWith("2026-05-03"));
    const texts = ['a\u0001b\u001f"c\\', "é💶\u2028\u2029\u007f", "=1+1,\r\n"];
    const amounts = [0.1 + 0.2, 1 / 3, 123456789.12345679, -0, 5e-324, 1e-7];
    const odd = records.map((p, i) => ({ ...p, productName: texts[i % 3]!, offerName: "\t tab", amountTransaction: amounts[i % amounts.length]!, amountTaxes: 1e-7 }));
    expect(odd.length).toBeGreaterThanOrEqual(amounts.length);
    await facts.replaceDay("acct", "2026-05-03", NOW, purchaseFactRows(odd), Buffer.from(JSON.stringify(purchaseCustomerCells(odd))));
    const query = { from: "2026-05-02", to: "2026-05-06", timeZone: "UTC", filters: {}, currency: { currency: "unknown", source: "none" as const, offers: {} } };
    const request = { plan: purchaseCsvPlan(query), after: null, limit: 100 };
    const batch = await facts.csvBatch("acct", request);
    await facts.close();
    // The same statement's plain values, read from the file beside the store.
    const statement = csvBatchStatement("duckdb", DUCKDB_PURCHASE_FACTS.rows, "acct", request);
    const instance = await DuckDBInstance.create(file);
    const values = (await rowsOf<Record<string, unknown>>(await instance.connect(), statement)).map((row) => Object.values(row));
    instance.closeSync();
    expect(values).toHaveLength(odd.length);
    expect(batch.rows.every((r) => typeof r === "string")).toBe(true);
    expect(jsonRows(batch.rows as string[])).toEqual(values.map((row) => row.map((v) => (typeof v === "bigint" ? Number(v) : v))));
    expect(batch.customers.map((c) => c.day)).toEqual(["2026-05-03"]);
    expect(values.map((r) => r[factCsvIndex("productName")])).toEqual(odd.map((_, i) => texts[i % 3]));
    expect(values.map((r) => r[factCsvIndex("amountTransaction")])).toEqual(odd.map((_, i) => amounts[i % amounts.length]));
  });
});
