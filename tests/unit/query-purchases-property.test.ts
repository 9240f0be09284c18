import { it } from "vitest";
import { filledPurchaseFacts } from "../support/filled-purchase-facts";
import { holdsToRecordEngine } from "../support/purchase-query-property";

// 200 random queries (filters, ranges, zones, granularities, key types, currency placements)
// over the sandbox's purchases: the fact store on SQLite, in its worker thread as the app opens
// it, answers what the record engine does.
const held = filledPurchaseFacts("facts-property");

it("the fact store's purchases query answers the record engine's figures for 200 random queries", async () => {
  await holdsToRecordEngine(held.store, 200);
});
