// The payout calendar's columns (lib/records/payout-columns.ts) of purchase records: the
// fact table's statements make the same columns of its rows (lib/store/purchase-fact-sql.ts).
import { toCents } from "./money";
import { PayoutColumnsBuilder, type PayoutSaleColumns } from "@/lib/records/payout-columns";
import { soldMsOf, timestampMs } from "@/lib/timestamps";
import type { Purchase } from "@/lib/records/purchase";

const instantOrNaN = (value: string | null | undefined): number => (value ? timestampMs(value) : NaN);

/** The records' columns, in their order; their currency must already be placed (withAssumedCurrency). */
export function payoutColumnsOfRecords(purchases: readonly Purchase[]): PayoutSaleColumns {
  const columns = new PayoutColumnsBuilder();
  for (const p of purchases) {
    columns.push({
      purchaseId: p.purchaseId,
      soldMs: soldMsOf(p.purchaseCreatedAt, () => instantOrNaN(p.checkoutInitializedAt)),
      availableMs: instantOrNaN(p.incomingAvailableAt),
      creatorNet: toCents(p.amountCreatorNet),
      affiliationNet: toCents(p.amountAffiliationNet),
      transaction: toCents(p.amountTransaction),
      refunded: toCents(p.amountRefunded),
      product: p.productName || "",
      currency: p.currency || "",
    });
  }
  return columns.done();
}
