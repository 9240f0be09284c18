import { it } from "vitest";
import { PostgresPurchaseFactStore } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { creatorAndEmptyPast } from "../support/filled-purchase-facts";
import { affiliateFactStoreBehaviour } from "../support/affiliate-fact-store-behaviour";
import { affiliatesViewFromEventTablesHoldsToRecords, affiliatesViewHoldsToRecords } from "../support/affiliates-view-property";
import { PostgresEventFactStore } from "@/lib/store/postgres/postgres-event-fact-store";
import { fillEventWindows } from "../support/event-facts-fixture";
import { schemaOfFile } from "../support/postgres-test-schema";

// The Affiliates leaderboard's reads of the purchases fact table on PostgreSQL: the suite SQLite
// runs in tests/unit, then the view property over fewer random reports.
const db = schemaOfFile(["salesdash_purchase_facts", "salesdash_purchase_fact_days", "salesdash_refund_facts", "salesdash_refund_fact_days", "salesdash_chargeback_facts", "salesdash_chargeback_fact_days"]);

affiliateFactStoreBehaviour("PostgresPurchaseFactStore", db.backend((url, options) => new PostgresPurchaseFactStore(url, options)));

it("the Affiliates view from the fact table is the records' view for 40 random reports, as on SQLite for 100 (tests/unit)", async () => {
  const store = new PostgresPurchaseFactStore(await db.emptied());
  await creatorAndEmptyPast(store);
  await affiliatesViewHoldsToRecords(store, 40);
});

it("the Affiliates view with the chargebacks from their fact table is the records' view for 30 random reports, as on SQLite for 60 (tests/unit)", async () => {
  const url = await db.emptied();
  const store = new PostgresPurchaseFactStore(url);
  const events = new PostgresEventFactStore(url);
  try {
    await creatorAndEmptyPast(store);
    await fillEventWindows(events, "creator");
    await affiliatesViewFromEventTablesHoldsToRecords(store, events, 30);
  } finally {
    await Promise.all([store.close(), events.close()]);
  }
}, 240_000);
