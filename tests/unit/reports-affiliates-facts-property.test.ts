import { it } from "vitest";
import { creatorAndEmptyPast, filledPurchaseFacts } from "../support/filled-purchase-facts";
import { affiliatesViewHoldsToRecords } from "../support/affiliates-view-property";

// 100 random Affiliates reports (ranges, zones, filters, comparisons, currency placements,
// endpoints answering or not) over the sandbox's purchases: the view from the fact table on
// SQLite, in its worker thread as the app opens it, is the records' view.
const held = filledPurchaseFacts("affiliates-property", creatorAndEmptyPast);

it("the Affiliates view from the fact table is the records' view for 100 random reports", async () => {
  await affiliatesViewHoldsToRecords(held.store, 100);
});
