import { describe, expect, it } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { purchaseFactRows } from "@/lib/query/purchase-facts";
import { currencyPlan } from "@/lib/query/range-plan";
import type { Purchase } from "@/lib/records/purchase";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { soldMsOf, timestampMs } from "@/lib/timestamps";
import { DuckDbPurchaseFactStore } from "@/lib/store/duckdb/duckdb-purchase-fact-store";
import { openWorkerDuckDbPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { affiliateFactStoreBehaviour } from "../support/affiliate-fact-store-behaviour";
import { payoutFactsBehaviour } from "../support/payout-facts-behaviour";
import { fillFactStore, purchaseDays } from "../support/purchase-facts-fixture";
import { holdsToRecordEngine } from "../support/purchase-query-property";
import { purchaseFactStoreBehaviour } from "../support/purchase-fact-store-behaviour";
import { purchaseTablePageBehaviour } from "../support/purchase-table-page-behaviour";
import { refundFactStoreBehaviour } from "../support/refund-fact-store-behaviour";
import { sqliteFiles } from "../support/sqlite-files";

// The purchases fact table on DuckDB (SALESDASH_FACT_ENGINE=duckdb), each store on a new file
// of a temporary directory: the suites SQLite runs in tests/unit and PostgreSQL in tests/backends;
// then the first again with the store in a worker thread, as the app opens it, and the random
// queries' property (200 draws, as SQLite's).
const newFile = sqliteFiles("salesdash-duckdb-facts-");
const backend = { open: async () => new DuckDbPurchaseFactStore(newFile().replace(/\.sqlite$/, ".duckdb")), queuesWrites: true };

purchaseFactStoreBehaviour("DuckDbPurchaseFactStore", backend);
purchaseTablePageBehaviour("DuckDbPurchaseFactStore", backend);
affiliateFactStoreBehaviour("DuckDbPurchaseFactStore", backend);
refundFactStoreBehaviour("DuckDbPurchaseFactStore", backend);
payoutFactsBehaviour("DuckDbPurchaseFactStore", backend);

purchaseFactStoreBehaviour("DuckDbPurchaseFactStore in a worker thread", { open: async () => openWorkerDuckDbPurchaseFactStore(newFile().replace(/\.sqlite$/, ".duckdb")), queuesWrites: true });

it("answers the record engine's figures for 200 random queries, as SQLite does (PostgreSQL: 60)", async () => {
  const store = await backend.open();
  try {
    await fillFactStore(store, "creator", "creator");
    await fillFactStore(store, "affiliate", "affiliate");
    await holdsToRecordEngine(store, 200);
  } finally {
    await store.close();
  }
});

describe("the payout calendar's sales read from DuckDB", () => {
  // DuckDB reads the API's own timestamp shape itself and sends any other text to be read as the
  // records read it (timestampMs), and sends the currency and product as codes: the columns are
  // SQLite's (which sends every text), and each sold instant is the records' rule's.
  // (The contract requires purchaseCreatedAt: the parser refuses a record without it.)
  const SHAPES: string[] = [
    "2026-03-10T12:34:56Z", "2024-02-29T23:59:59Z", "2026-03-10T12:34:56.789Z", "2026-03-10T09:34:56-03:00", "2026-03-10T12:34:56",
    "2026-03-10", "2026-02-30T10:00:00Z", "2025-02-29T10:00:00Z", "2026-03-10T24:00:00Z", "2026-03-10T12:60:00Z", "2026-03-10T12:34:60Z",
    "2026-13-10T12:34:56Z", "2026-03-10T12:34:56z", "0999-01-01T00:00:00Z", "2026-03-10 12:34:56Z", "yesterday", "",
  ];

  it("are SQLite's columns, every shape of purchaseCreatedAt read by the records' rule, products and currencies as texts", async () => {
    const day = "2026-03-10";
    const base = [...purchaseDays("creator").values()].flat().slice(0, 60);
    expect(new Set(base.map((p) => p.productName ?? "")).size).toBeGreaterThan(1);
    const records = base.map((p, i) => {
      return { ...p, purchaseCreatedAt: SHAPES[i % SHAPES.length]!, ...(i % 7 === 0 ? { currency: undefined, productName: i % 2 ? null : "" } : {}) } as unknown as Purchase;
    });
    const duck = new DuckDbPurchaseFactStore(newFile().replace(/\.sqlite$/, ".duckdb"));
    const lite = new SqlitePurchaseFactStore(newFile());
    try {
      for (const store of [duck, lite]) await store.replaceDay("acct", day, 1, purchaseFactRows(records));
      const plan = currencyPlan(assumeCurrency("brl"));
      const fromDuck = await duck.payoutSales("acct", { from: day, to: day }, plan);
      expect(fromDuck.length).toBe(new Set(records.map((r) => r.purchaseId)).size);
      expect(fromDuck).toEqual(await lite.payoutSales("acct", { from: day, to: day }, plan));
      const sold = new Map(Array.from(fromDuck.purchaseId, (id, i) => [id, fromDuck.soldMs[i]!]));
      for (const r of records) expect(sold.get(r.purchaseId)).toBe(soldMsOf(r.purchaseCreatedAt, () => timestampMs(r.checkoutInitializedAt)));
      // Readable and unreadable instants are both among them.
      expect([...sold.values()].some((ms) => Number.isNaN(ms)) && [...sold.values()].some((ms) => Number.isFinite(ms))).toBe(true);
    } finally {
      await Promise.all([duck.close(), lite.close()]);
    }
  });
});
