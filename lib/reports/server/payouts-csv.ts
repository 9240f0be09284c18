import "server-only";

// The CSV files of the payout calendar: the month's days per currency, and the back-test's
// months. English headers and status words, amounts as numbers, whatever the page's language.
import type { PayoutsView } from "@/lib/reports/payouts-view";
import { flatDataset, type CsvDataset } from "./csv-datasets";

export const PAYOUTS_CSV_NAMES: ReadonlySet<string> = new Set(["all", "days", "backtest"]);

export function payoutsDatasets(view: PayoutsView): Map<string, CsvDataset> {
  const status = (day: string) => (day < view.today ? "available" : day === view.today ? "today" : "expected");
  return new Map([
    [
      "days",
      flatDataset(
        [["date", "text"], ["currency", "text"], ["status", "text"], ["sales", "number"], ["scheduled", "number"], ["refundedOrChargedBack", "number"], ["expectedLosses", "number"], ["expected", "number"], ["bandLow", "number"], ["bandHigh", "number"]],
        view.currencies.flatMap((c) => c.days.map((d) => ({ date: d.day, currency: c.currency, status: status(d.day), sales: d.sales, scheduled: d.scheduled, refundedOrChargedBack: d.lost, expectedLosses: d.expectedLoss, expected: d.expected, bandLow: d.low, bandHigh: d.high }))),
      ),
    ],
    [
      "backtest",
      flatDataset(
        [["month", "text"], ["currency", "text"], ["sales", "number"], ["scheduled", "number"], ["predicted", "number"], ["withoutModel", "number"], ["kept", "number"], ["error", "number"]],
        view.backtest.months.map((m) => ({ month: m.month, currency: m.currency, sales: m.sales, scheduled: m.scheduled, predicted: m.predicted, withoutModel: m.naive, kept: m.actual, error: m.error })),
      ),
    ],
  ]);
}
