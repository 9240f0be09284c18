import { describe, expect, it } from "vitest";
import { purchaseCsvPlan, factCsvIndex } from "@/lib/query/purchase-csv-query";
import { purchaseCustomerCells, purchaseFactRows, type FactPurchase } from "@/lib/query/purchase-facts";
import { csvBatchStatement, jsonRows } from "@/lib/store/purchase-csv-sql";
import { PURCHASE_FACTS, PostgresPurchaseFactStore } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { groundTruth } from "../../sandbox/ground-truth";
import { purchaseCsvFactsBehaviour } from "../support/purchase-csv-facts-behaviour";
import { schemaOfFile, TEST_DATABASE_URL } from "../support/postgres-test-schema";
import { processDataDir } from "../support/process-data-dir";

// The purchases CSV from the purchases fact table on PostgreSQL (its rows and the days' sealed
// customer cells, on their marks, in the shared database; the mirror's days in the process's SQLite file): the
// same suite as SQLite's, the file byte for byte the records'; then its rows as PostgreSQL's JSON text.
processDataDir("csv-facts-postgres");
const db = schemaOfFile(["salesdash_purchase_facts", "salesdash_purchase_fact_days"]);

purchaseCsvFactsBehaviour("PostgreSQL", {
  ...db.backend((url, options) => new PostgresPurchaseFactStore(url, options)),
  done: (facts) => facts.close(),
});

describe("the purchases CSV's rows from PostgreSQL", () => {
  const NOW = Date.parse("2026-06-15T12:00:00Z");
  it("cross as JSON text and read back as the values pg reads off the columns: awkward texts and doubles", async () => {
    const pool = await db.emptied();
    const facts = new PostgresPurchaseFactStore(TEST_DATABASE_URL, { schema: db.schema.name, max: 2 });
    const records = (groundTruth({ now: NOW }, "creator", "purchases", "2026-05-01", "2026-05-08") as FactPurchase[]).filter((p) => p.checkoutInitializedAt.startsWith("2026-05-03"));
    const texts = ['a\u0001b\u001f"c\\', "é💶\u2028\u2029\u007f", "=1+1,\r\n"];
    // No -0: pg sends a number as String(n), which writes -0 as 0.
    const amounts = [0.1 + 0.2, 1 / 3, 123456789.12345679, -2.5, 5e-324, 1e-7];
    const odd = records.map((p, i) => ({ ...p, productName: texts[i % 3]!, offerName: "\t tab", amountTransaction: amounts[i % amounts.length]!, amountTaxes: 1e-7 }));
    expect(odd.length).toBeGreaterThanOrEqual(amounts.length);
    await facts.replaceDay("acct", "2026-05-03", NOW, purchaseFactRows(odd), Buffer.from(JSON.stringify(purchaseCustomerCells(odd))));
    const query = { from: "2026-05-02", to: "2026-05-06", timeZone: "UTC", filters: {}, currency: { currency: "unknown", source: "none" as const, offers: {} } };
    const request = { plan: purchaseCsvPlan(query), after: null, limit: 100 };
    const batch = await facts.csvBatch("acct", request);
    await facts.close();
    // The same statement's plain values, as pg reads them off the columns (bigints as text), on the schema's pool.
    const statement = csvBatchStatement("postgres", PURCHASE_FACTS, "acct", request);
    const values = (await pool.query<unknown[]>({ text: statement.text, values: statement.args, rowMode: "array" })).rows;
    expect(values).toHaveLength(odd.length);
    const plain = values.map((row) => row.map((v, i) => (i === factCsvIndex("purchaseId") || i === factCsvIndex("orderId")) && typeof v === "string" ? Number(v) : v));
    expect(jsonRows(batch.rows)).toEqual(plain);
    expect(batch.customers.map((c) => c.day)).toEqual(["2026-05-03"]);
    expect(plain.map((r) => r[factCsvIndex("productName")])).toEqual(odd.map((_, i) => texts[i % 3]));
    expect(plain.map((r) => r[factCsvIndex("amountTransaction")])).toEqual(odd.map((_, i) => amounts[i % amounts.length]));
  });
});
