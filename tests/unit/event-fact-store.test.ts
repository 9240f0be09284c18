import Database from "better-sqlite3";
import { eventRowsOf } from "@/lib/store/event-fact-columns";
import { describe, expect, it } from "vitest";
import { eventFactRow } from "@/lib/query/event-facts";
import { openWorkerEventFactStore } from "@/lib/store/worker-fact-stores";
import { eventFactStoreBehaviour } from "../support/event-fact-store-behaviour";
import { sqliteFiles } from "../support/sqlite-files";

// The refunds and chargebacks fact tables on SQLite, in their worker thread as the app opens them (PostgreSQL runs the same suite in tests/backends).
const file = sqliteFiles("salesdash-event-facts-");

eventFactStoreBehaviour("SqliteEventFactStore", {
  open: async () => openWorkerEventFactStore(file()),
}, 150);

describe("SqliteEventFactStore opening a table of an older shape", () => {
  it("drops a table without the sale's date (sale_at) and its days' marks, then takes today's rows", async () => {
    const at = file();
    // The table as it was made before sale_at, when the calendar read an amount of its own (loss_cents, NOT NULL).
    const db = new Database(at);
    db.exec(`CREATE TABLE refund_facts (account TEXT NOT NULL, day TEXT NOT NULL, seq INTEGER NOT NULL,
      event_id TEXT NOT NULL, sale_id INTEGER, event_at INTEGER, currency TEXT,
      amount_cents INTEGER NOT NULL, loss_cents INTEGER NOT NULL, full_type INTEGER NOT NULL, dispute INTEGER NOT NULL, won INTEGER NOT NULL,
      resolved_at INTEGER, days_bucket INTEGER, order_id TEXT, status TEXT, kind TEXT, reason TEXT,
      product TEXT, offer TEXT, purchase_type TEXT, payment_method TEXT, psp TEXT, affiliate TEXT,
      PRIMARY KEY (account, day, seq)) WITHOUT ROWID;
      CREATE TABLE refund_fact_days (account TEXT NOT NULL, day TEXT NOT NULL, fetched_at INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (account, day));
      INSERT INTO refund_facts VALUES ('acct', '2026-06-01', 0, 'r1', 7, 1780300800000, 'brl', 1250, 9999, 0, 1, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
      INSERT INTO refund_fact_days VALUES ('acct', '2026-06-01', 1, 1);`);
    db.close();
    const store = openWorkerEventFactStore(at);
    try {
      const whole = { days: { from: "2026-06-01", to: "2026-06-02" }, filters: {} };
      // The day is no longer held: a report reads its records until the mirror writes it again.
      expect(await store.readDayMeta("acct", "refunds", ["2026-06-01"])).toEqual([]);
      expect(eventRowsOf(await store.events("acct", "refunds", whole))).toEqual([]);
      const row = eventFactRow("refunds", { refundId: "r2", purchaseId: 8, amount: 3, requestedAt: "2026-06-02T10:00:00Z", purchaseCreatedAt: "2026-05-30T08:00:00Z" });
      await store.replaceDay("acct", "refunds", "2026-06-02", 2, [row]);
      expect((eventRowsOf(await store.events("acct", "refunds", whole))).map((r) => [r.saleId, r.amountCents, r.saleAt])).toEqual([[8, 300, Date.parse("2026-05-30T08:00:00Z")]]);
    } finally {
      await store.close();
    }
  });
});
