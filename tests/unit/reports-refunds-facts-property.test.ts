import { it } from "vitest";
import { creatorAndEmptyPast, filledPurchaseFacts } from "../support/filled-purchase-facts";
import { refundsViewHoldsToRecords } from "../support/refunds-view-property";

// 100 random Refunds reports dated by sale, and 100 by request (ranges, zones, filters, comparisons, currency
// placements, key types, endpoints answering or not) over the sandbox's purchases: the view from
// the fact table on SQLite, in its worker thread as the app opens it, is the records' view.
const held = filledPurchaseFacts("refunds-property", creatorAndEmptyPast);

it("the Refunds view dated by sale from the fact table is the records' view for 100 random reports", async () => {
  await refundsViewHoldsToRecords(held.store, 100);
});

it("the Refunds view dated by request from the fact table is the records' view for 100 random reports", async () => {
  await refundsViewHoldsToRecords(held.store, 100, undefined, "event");
});
