import path from "node:path";
import { afterAll, beforeAll, it } from "vitest";
import type { EventFactStore } from "@/lib/store/event-fact-store";
import type { OrderFactStore } from "@/lib/store/order-fact-store";
import { openWorkerEventFactStore, openWorkerOrderFactStore } from "@/lib/store/worker-fact-stores";
import { fillEventWindows } from "../support/event-facts-fixture";
import { creatorAndEmptyPast, filledPurchaseFacts } from "../support/filled-purchase-facts";
import { fillOrderWindows } from "../support/order-facts-fixture";
import { refundsViewFromEventTablesHoldsToRecords } from "../support/refunds-view-property";
import { sqliteFiles } from "../support/sqlite-files";

// 60 random Refunds reports dated by sale, and 60 by request, with the refunds and chargebacks
// read from their fact tables and the delivery panels' orders from the orders fact table (SQLite,
// in their worker threads as the app opens them) beside the purchases': the view is the
// records' view, its records table's columns and its delivery panels included.
const held = filledPurchaseFacts("refunds-events-property", creatorAndEmptyPast);
const file = sqliteFiles("salesdash-refunds-events-");
const tables = { eventFacts: null as unknown as EventFactStore, orderFacts: null as unknown as OrderFactStore };

beforeAll(async () => {
  tables.eventFacts = openWorkerEventFactStore(path.resolve(file()));
  tables.orderFacts = openWorkerOrderFactStore(path.resolve(file()));
  await Promise.all([fillEventWindows(tables.eventFacts, "creator"), fillOrderWindows(tables.orderFacts)]);
}, 120_000);
afterAll(async () => {
  await Promise.all([tables.eventFacts?.close(), tables.orderFacts?.close()]);
});

it("the Refunds view dated by sale from the fact tables is the records' view for 60 random reports", async () => {
  await refundsViewFromEventTablesHoldsToRecords(held.store, tables, 60, "sale");
}, 120_000);

it("the Refunds view dated by request from the fact tables is the records' view for 60 random reports", async () => {
  await refundsViewFromEventTablesHoldsToRecords(held.store, tables, 60, "event");
}, 120_000);
