import path from "node:path";
import { afterAll, beforeAll, it } from "vitest";
import type { EventFactStore } from "@/lib/store/event-fact-store";
import { openWorkerEventFactStore } from "@/lib/store/worker-fact-stores";
import { fillEventWindows } from "../support/event-facts-fixture";
import { creatorAndEmptyPast, filledPurchaseFacts } from "../support/filled-purchase-facts";
import { refundsViewFromEventTablesHoldsToRecords } from "../support/refunds-view-property";
import { sqliteFiles } from "../support/sqlite-files";

// 60 random Refunds reports dated by sale, and 60 by request, with the refunds and chargebacks
// read from their fact tables (SQLite, in their worker thread as the app opens them) beside the
// purchases': the view is the records' view, its records table's columns included.
const held = filledPurchaseFacts("refunds-events-property", creatorAndEmptyPast);
const file = sqliteFiles("salesdash-refunds-events-");
const events = { store: null as unknown as EventFactStore };

beforeAll(async () => {
  events.store = openWorkerEventFactStore(path.resolve(file()));
  await fillEventWindows(events.store, "creator");
}, 120_000);
afterAll(async () => {
  await events.store?.close();
});

it("the Refunds view dated by sale from the fact tables is the records' view for 60 random reports", async () => {
  await refundsViewFromEventTablesHoldsToRecords(held.store, events.store, 60, "sale");
}, 120_000);

it("the Refunds view dated by request from the fact tables is the records' view for 60 random reports", async () => {
  await refundsViewFromEventTablesHoldsToRecords(held.store, events.store, 60, "event");
}, 120_000);
