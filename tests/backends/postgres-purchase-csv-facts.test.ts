import { describe, it } from "vitest";
import { factCsvIndex } from "@/lib/query/purchase-csv-query";
import { csvBatchStatement } from "@/lib/store/purchase-csv-sql";
import { PURCHASE_FACTS, PostgresPurchaseFactStore } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { awkwardBatch, expectSameRows } from "../support/csv-json-rows";
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
  it("cross as JSON text and read back as the values pg reads off the columns: awkward texts and doubles", async () => {
    const pool = await db.emptied();
    const facts = new PostgresPurchaseFactStore(TEST_DATABASE_URL, { schema: db.schema.name, max: 2 });
    // No -0: pg sends a number as String(n), which writes -0 as 0.
    const amounts = [0.1 + 0.2, 1 / 3, 123456789.12345679, -2.5, 5e-324, 1e-7];
    const { batch, request, odd } = await awkwardBatch(facts, amounts);
    await facts.close();
    // The same statement's plain values, as pg reads them off the columns (bigints as text), on the schema's pool.
    const statement = csvBatchStatement("postgres", PURCHASE_FACTS, "acct", request);
    const values = (await pool.query<unknown[]>({ text: statement.text, values: statement.args, rowMode: "array" })).rows;
    const plain = values.map((row) => row.map((v, i) => (i === factCsvIndex("purchaseId") || i === factCsvIndex("orderId")) && typeof v === "string" ? Number(v) : v));
    expectSameRows(batch, plain, odd, amounts);
  });
});
