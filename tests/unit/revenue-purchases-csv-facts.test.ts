import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getPurchaseFactStore } from "@/lib/mirror/mirror-access";
import Database from "better-sqlite3";
import { PURCHASE_FACTS, SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { csvBatchStatement, jsonRows } from "@/lib/store/purchase-csv-sql";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { purchaseCustomerCells, purchaseFactRows, type FactPurchase } from "@/lib/query/purchase-facts";
import { DayStoredAgainWhileWriting, purchaseCsvPlan, queryPurchaseCsvRows, factCsvIndex } from "@/lib/query/purchase-csv-query";
import { groundTruth } from "../../sandbox/ground-truth";
import { bothWays, purchaseCsvFactsBehaviour } from "../support/purchase-csv-facts-behaviour";
import { processDataDir } from "../support/process-data-dir";

// The purchases CSV from the purchases fact table on SQLite: the process's store (in its worker
// thread: the rows cross as JSON text), then what only the embedded file shows: the customers' cells
// the file writes are nowhere in it in clear.
const dir = processDataDir("csv-facts", { factEngine: "sqlite" });

purchaseCsvFactsBehaviour("SQLite in its worker thread", {
  // The process's store, which the test leaves open for the next (close() ends its thread; the next call starts another).
  open: async () => getPurchaseFactStore(),
});

describe("the purchases CSV's customer cells in the SQLite file", () => {
  it("are sealed: neither a customer's name, e--mail, its masked form, its domain nor the card's digits are in the file", async () => {
    const file = path.join(dir.dir, "sealed-check.sqlite");
    const facts: PurchaseFactStore = new SqlitePurchaseFactStore(file);
    const { now } = await bothWays(facts, { apiKey: "sak_iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii", keyType: "creator", params: { from: "2026-05-01", to: "2026-05-07", preset: null, compare: "none", dating: "sale", granularity: "day", tz: "UTC", currency: null, filters: { product: [], offer: [], type: [], method: [], psp: [], brand: [], country: [], affiliate: [] } }, dataset: "purchases" });
    await facts.close();
    const text = now.toString("utf8");
    const stored = Buffer.concat([fs.readFileSync(file), ...(fs.existsSync(`${file}-wal`) ? [fs.readFileSync(`${file}-wal`)] : [])]).toString("latin1");
    const records = groundTruth({ now: Date.parse("2026-06-15T12:00:00Z") }, "creator", "purchases", "2026-05-01", "2026-05-07") as Array<{ customerName?: string; customerEmail?: string; cardLast4?: string | null }>;
    const someone = records.find((r) => r.customerEmail && r.customerName)!;
    const masked = `${someone.customerEmail![0]}***@${someone.customerEmail!.split("@")[1]}`;
    // The file the download wrote holds the masked cells, read from the sealed list.
    expect(text).toContain(masked);
    expect(stored).not.toContain(masked);
    expect(stored).not.toContain(someone.customerEmail!);
    expect(stored).not.toContain(someone.customerEmail!.split("@")[1]!);
    expect(stored).not.toContain("***");
    expect(stored).not.toContain(someone.customerName!.split(" ").at(-1)!);
  });
});

describe("the cursor over a purchase stored on two days", () => {
  // The mirror keeps a purchase once over a range, from its newest day, even when that copy is
  // outside the filters: the cursor skips the older copy by the store's list of such purchases.
  const NOW = Date.parse("2026-06-15T12:00:00Z");
  const day = (d: string) => (groundTruth({ now: NOW }, "creator", "purchases", "2026-05-01", "2026-05-08") as FactPurchase[]).filter((p) => p.checkoutInitializedAt.startsWith(d)).slice(0, 3);
  const sealedOf = (records: FactPurchase[]) => Buffer.from(JSON.stringify(purchaseCustomerCells(records)));
  const open = (_day: string, _at: number, sealed: Uint8Array) => JSON.parse(Buffer.from(sealed).toString("utf8")) as unknown;
  const query = (filters: Record<string, string[]>) => ({ from: "2026-05-02", to: "2026-05-06", timeZone: "UTC", filters, currency: { currency: "unknown", source: "none" as const, offers: {} } });

  it("writes it once, from its newest day, and not at all when that copy is filtered out", async () => {
    const facts = new SqlitePurchaseFactStore(path.join(dir.dir, "two-days.sqlite"));
    const older = day("2026-05-03");
    const moved = { ...older[0]!, checkoutInitializedAt: "2026-05-05T10:00:00Z", paymentMethod: "boleto_moved" };
    const newer = [...day("2026-05-05"), moved];
    await facts.replaceDay("acct", "2026-05-03", NOW, purchaseFactRows(older), sealedOf(older));
    await facts.replaceDay("acct", "2026-05-05", NOW, purchaseFactRows(newer), sealedOf(newer));
    const idsOf = async (filters: Record<string, string[]>) => {
      const rows = await queryPurchaseCsvRows(facts, "acct", query(filters), open, 2);
      const ids: Array<[unknown, unknown]> = [];
      for await (const row of rows!) ids.push([row[factCsvIndex("purchaseId")], row[0]]);
      return ids;
    };
    const all = await idsOf({});
    expect(all.filter(([id]) => id === moved.purchaseId)).toEqual([[moved.purchaseId, "2026-05-05"]]);
    expect(all).toHaveLength(6);
    const methods = [...new Set([...older, ...newer].map((p) => p.paymentMethod ?? "none"))].filter((m) => m !== "boleto_moved");
    expect((await idsOf({ method: methods })).map(([id]) => id)).not.toContain(moved.purchaseId);
    await facts.close();
  });

  it("stops, rather than writing a row with another's cells, when a day it is writing is stored again between two batches", async () => {
    const facts = new SqlitePurchaseFactStore(path.join(dir.dir, "stored-again.sqlite"));
    const records = day("2026-05-03");
    await facts.replaceDay("acct", "2026-05-03", NOW, purchaseFactRows(records), sealedOf(records));
    // A row a batch: the second batch is read ahead with the first, the third after the change.
    expect(records.length).toBeGreaterThanOrEqual(3);
    const rows = (await queryPurchaseCsvRows(facts, "acct", query({}), open, 1))![Symbol.asyncIterator]();
    const first = await rows.next();
    expect(first.done).toBe(false);
    // The sync stores the day again (a newer fetch, its purchases in another order) while the file is written.
    const reordered = [...records].reverse();
    await facts.replaceDay("acct", "2026-05-03", NOW + 60_000, purchaseFactRows(reordered), sealedOf(reordered));
    const rest: unknown[] = [];
    await expect((async () => {
      for (let next = await rows.next(); !next.done; next = await rows.next()) rest.push(next.value);
    })()).rejects.toThrow(DayStoredAgainWhileWriting);
    // The batch read ahead before the change is written; nothing of the new fetch is.
    expect(rest.length).toBeLessThanOrEqual(1);
    await facts.close();
  });

  it("gives way to the records when a day's rows were written without their sealed cells", async () => {
    const facts = new SqlitePurchaseFactStore(path.join(dir.dir, "unsealed.sqlite"));
    await facts.replaceDay("acct", "2026-05-03", NOW, purchaseFactRows(day("2026-05-03")));
    expect(await queryPurchaseCsvRows(facts, "acct", query({}), open)).toBeNull();
    await facts.close();
  });

  it("cross from SQLite as JSON text and read back as the values the table holds: awkward texts and doubles", async () => {
    const file = path.join(dir.dir, "json-rows.sqlite");
    const facts = new SqlitePurchaseFactStore(file);
    const texts = ['a\u0001b\u001f"c\\', "é💶\u2028\u2029", "=1+1,\r\n"];
    const amounts = [0.1 + 0.2, 1 / 3, 123456789.12345679];
    const odd = day("2026-05-03").map((p, i) => ({ ...p, productName: texts[i % 3]!, offerName: "\t tab", amountTransaction: amounts[i % 3]!, amountTaxes: 1e-7 }));
    await facts.replaceDay("acct", "2026-05-03", NOW, purchaseFactRows(odd), sealedOf(odd));
    const request = { plan: purchaseCsvPlan(query({})), after: null, limit: 100 };
    const batch = await facts.csvBatch("acct", request);
    // The same statement's rows as plain values, read beside the store.
    const statement = csvBatchStatement("sqlite", PURCHASE_FACTS, "acct", request);
    const db = new Database(file, { readonly: true });
    const values = db.prepare(statement.text).raw(true).all(...statement.args) as unknown[][];
    db.close();
    expect(values).toHaveLength(odd.length);
    expect(batch.rows.every((r) => typeof r === "string")).toBe(true);
    expect(jsonRows(batch.rows as string[])).toEqual(values);
    expect(values.map((r) => r[factCsvIndex("productName")])).toEqual(odd.map((_, i) => texts[i % 3]));
    await facts.close();
  });
});
