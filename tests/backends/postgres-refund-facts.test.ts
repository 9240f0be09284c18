import { it } from "vitest";
import { PostgresPurchaseFactStore } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { creatorAndEmptyPast } from "../support/filled-purchase-facts";
import { refundFactStoreBehaviour } from "../support/refund-fact-store-behaviour";
import { refundsViewFromEventTablesHoldsToRecords, refundsViewHoldsToRecords } from "../support/refunds-view-property";
import { PostgresEventFactStore } from "@/lib/store/postgres/postgres-event-fact-store";
import { fillEventWindows } from "../support/event-facts-fixture";
import { PostgresOrderFactStore } from "@/lib/store/postgres/postgres-order-fact-store";
import { fillOrderWindows } from "../support/order-facts-fixture";
import { schemaOfFile } from "../support/postgres-test-schema";

// The Refunds report's reads of the purchases fact table on PostgreSQL: the suite SQLite runs in
// tests/unit, then the view property over fewer random reports.
const db = schemaOfFile(["salesdash_purchase_facts", "salesdash_purchase_fact_days", "salesdash_refund_facts", "salesdash_refund_fact_days", "salesdash_chargeback_facts", "salesdash_chargeback_fact_days", "salesdash_order_facts", "salesdash_order_fact_days"]);

refundFactStoreBehaviour("PostgresPurchaseFactStore", db.backend((url, options) => new PostgresPurchaseFactStore(url, options)));

it("the Refunds view from the fact table is the records' view for 40 random reports dated by sale and 40 by request, as on SQLite for 100 each (tests/unit)", async () => {
  const store = new PostgresPurchaseFactStore(await db.emptied());
  await creatorAndEmptyPast(store);
  await refundsViewHoldsToRecords(store, 40);
  await refundsViewHoldsToRecords(store, 40, undefined, "event");
}, 180_000);

it("the Refunds view with its refunds, chargebacks and delivery orders from their fact tables is the records' view for 30 random reports dated by sale and 30 by request, as on SQLite for 60 each (tests/unit)", async () => {
  const url = await db.emptied();
  const store = new PostgresPurchaseFactStore(url);
  const events = new PostgresEventFactStore(url);
  const orders = new PostgresOrderFactStore(url);
  try {
    await creatorAndEmptyPast(store);
    await fillEventWindows(events, "creator");
    await fillOrderWindows(orders);
    const tables = { eventFacts: events, orderFacts: orders };
    await refundsViewFromEventTablesHoldsToRecords(store, tables, 30, "sale");
    await refundsViewFromEventTablesHoldsToRecords(store, tables, 30, "event");
  } finally {
    await Promise.all([store.close(), events.close(), orders.close()]);
  }
}, 240_000);
