// Money becoming available within a window of instants, per currency, read off the same merged
// purchase summary the Revenue report's funds table is read from (15-minute slots of
// incomingAvailableAt). A window the summary cannot place exactly throws SummaryInexactError,
// and the figures are then made from the records, as the Revenue report does.
import { byCountThenCurrency, fromCents } from "@/lib/analytics/money";
import { SLOT_MS } from "@/lib/analytics/purchase-summary";
import type { MergedSummary } from "@/lib/analytics/purchase-summary-merge";
import { SummaryInexactError } from "@/lib/analytics/purchase-summary-views";
import type { KeyType } from "@/lib/sales-api/client";
import type { InstantWindow } from "./overview-windows";

export interface CurrencyAmount { currency: string; amount: number; count: number }

export function fundsWithin(merged: MergedSummary, keyType: KeyType, window: InstantWindow): CurrencyAmount[] {
  if (merged.paidBefore > window.fromMs) throw new SummaryInexactError("money paid out before the summary's fold");
  if (window.fromMs % SLOT_MS !== 0 || window.toMs % SLOT_MS !== 0) throw new SummaryInexactError("an availability window off the quarter hour");
  const net = keyType === "creator" ? 0 : 1;
  const first = window.fromMs / SLOT_MS;
  const last = window.toMs / SLOT_MS;
  return merged.currencies
    .map((m) => {
      let cents = 0;
      let count = 0;
      for (const [slot, entry] of m.funds) {
        if (slot < first || slot >= last) continue;
        cents += entry[net]!;
        count += entry[2];
      }
      return { currency: m.currency, amount: fromCents(cents), count };
    })
    .filter((f) => f.count > 0)
    .sort(byCountThenCurrency);
}
