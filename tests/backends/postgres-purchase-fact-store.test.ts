import { describe, expect, it } from "vitest";
import { PostgresPurchaseFactStore } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { fillFactStore, NOW, purchaseDays } from "../support/purchase-facts-fixture";
import { holdsToRecordEngine } from "../support/purchase-query-property";
import { purchaseFactStoreBehaviour } from "../support/purchase-fact-store-behaviour";
import { schemaOfFile } from "../support/postgres-test-schema";

// The purchases fact table on PostgreSQL: the same suite as SQLite's, each store on a pool of
// its own (an instance), then what only a shared database adds.
const db = schemaOfFile(["salesdash_purchase_facts", "salesdash_purchase_fact_days"]);

purchaseFactStoreBehaviour("PostgresPurchaseFactStore", db.backend((url, options) => new PostgresPurchaseFactStore(url, options)));

describe("PostgresPurchaseFactStore in a shared database", () => {
  it("writes a day of more rows than one statement takes parameters for", async () => {
    const store = new PostgresPurchaseFactStore(await db.emptied());
    const one = purchaseFactRow(purchaseDays("creator").get("2026-03-10")![0]!);
    const rows = Array.from({ length: 5000 }, (_, i) => ({ ...one, purchaseId: i + 1 }));
    await store.replaceDay("acct", "2026-03-10", NOW, rows);
    const { rows: counted } = await db.schema.pool.query<{ n: string }>("SELECT COUNT(*) AS n FROM salesdash_purchase_facts WHERE account = 'acct'");
    expect(Number(counted[0]!.n)).toBe(5000);
    expect(await store.readDayMeta("acct", ["2026-03-10", "2026-03-11", "2026-03-10"])).toEqual([
      { day: "2026-03-10", fetchedAt: NOW, count: 5000 },
      { day: "2026-03-10", fetchedAt: NOW, count: 5000 },
    ]);
  });

  it("keeps with each day how many of its purchases a later write found stored on another day (repeats)", async () => {
    const store = new PostgresPurchaseFactStore(await db.emptied());
    const one = purchaseFactRow(purchaseDays("creator").get("2026-03-10")![0]!);
    const purchase = (purchaseId: number) => ({ ...one, purchaseId });
    await store.replaceDay("acct", "2026-03-10", NOW, [purchase(1), purchase(2)]);
    await store.replaceDay("acct", "2026-03-11", NOW, [purchase(2), purchase(3)]);
    await store.replaceDay("other", "2026-03-11", NOW, [purchase(1)]);
    const { rows } = await db.schema.pool.query<{ account: string; day: string; repeats: number }>("SELECT account, day, repeats FROM salesdash_purchase_fact_days ORDER BY account, day");
    expect(rows).toEqual([
      { account: "acct", day: "2026-03-10", repeats: 0 },
      { account: "acct", day: "2026-03-11", repeats: 1 },
      { account: "other", day: "2026-03-11", repeats: 0 },
    ]);
  });
});

it("answers the record engine's figures for 60 random queries, as SQLite does for 200 (tests/unit)", async () => {
  const store = new PostgresPurchaseFactStore(await db.emptied());
  await fillFactStore(store, "creator", "creator");
  await fillFactStore(store, "affiliate", "affiliate");
  await holdsToRecordEngine(store, 60);
});
