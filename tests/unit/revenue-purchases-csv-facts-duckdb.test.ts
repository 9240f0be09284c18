import { DuckDBInstance } from "@duckdb/node-api";
import { describe, it } from "vitest";
import { DUCKDB_PURCHASE_FACTS, DuckDbPurchaseFactStore } from "@/lib/store/duckdb/duckdb-purchase-fact-store";
import { rowsOf } from "@/lib/store/duckdb/duckdb-fact-table-store";
import { csvBatchStatement } from "@/lib/store/purchase-csv-sql";
import { awkwardBatch, expectSameRows } from "../support/csv-json-rows";
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
  it("cross as JSON text and read back as the values the table holds: awkward texts and doubles", async () => {
    const file = newFile().replace(/\.sqlite$/, ".duckdb");
    const facts = new DuckDbPurchaseFactStore(file);
    const amounts = [0.1 + 0.2, 1 / 3, 123456789.12345679, -0, 5e-324, 1e-7];
    const { batch, request, odd } = await awkwardBatch(facts, amounts);
    await facts.close();
    // The same statement's plain values, read from the file beside the store.
    const statement = csvBatchStatement("duckdb", DUCKDB_PURCHASE_FACTS.rows, "acct", request);
    const instance = await DuckDBInstance.create(file);
    const values = (await rowsOf<Record<string, unknown>>(await instance.connect(), statement)).map((row) => Object.values(row).map((v) => (typeof v === "bigint" ? Number(v) : v)));
    instance.closeSync();
    expectSameRows(batch, values, odd, amounts);
  });
});
