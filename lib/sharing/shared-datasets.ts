import "server-only";

// The CSV files a shared snapshot offers: its report's panel files, computed from the stored
// (shareable) view alone with the report's own dataset functions, so a shared file and the
// signed-in download of the same panel are one computation. The records' files (purchases,
// orders, carts, refunds, chargebacks) are never among them: those functions get no record,
// and their files are dropped.
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { AFFILIATES_CSV_NAMES, affiliatesDatasets } from "@/lib/reports/server/affiliates-csv";
import { ABANDONMENT_CSV_NAMES, abandonmentDatasets } from "@/lib/reports/server/abandonment-csv";
import type { AbandonmentRecords } from "@/lib/reports/server/abandonment-records";
import type { CsvDataset } from "@/lib/reports/server/csv-datasets";
import { ORDERS_CSV_NAMES, ordersDatasets } from "@/lib/reports/server/orders-csv";
import { REFUNDS_CSV_NAMES, refundsPanelDatasets } from "@/lib/reports/server/refunds-csv";
import { REVENUE_CSV_NAMES, revenueDatasets } from "@/lib/reports/server/revenue-csv";
import type { AbandonmentView, OrdersView, RevenueView } from "@/lib/reports/report-views";
import type { ReportId } from "@/lib/reports/report-definitions";
import type { KeyType } from "@/lib/sales-api";
import type { SharedViews } from "./shared-views";

/** The files of each report that list records, one line per purchase, order, cart or claim. */
export const RECORD_DATASETS: Readonly<Record<ReportId, readonly string[]>> = {
  revenue: ["purchases"],
  orders: ["orders"],
  abandonment: ["carts"],
  refunds: ["refunds", "chargebacks"],
  affiliates: [],
};

const withoutRecords = (report: ReportId, names: ReadonlySet<string>): ReadonlySet<string> => new Set([...names].filter((name) => !RECORD_DATASETS[report].includes(name)));

/**
 * Every name a shared snapshot's CSV can have, per report ("all" is the ZIP of them, as in the
 * export routes); which of them a given snapshot has is the key set of sharedDatasets (an
 * affiliate's Revenue has no attach rates, a Refunds report without refund records no days).
 */
export const SHARED_CSV_NAMES: Readonly<Record<ReportId, ReadonlySet<string>>> = {
  revenue: withoutRecords("revenue", REVENUE_CSV_NAMES),
  orders: withoutRecords("orders", ORDERS_CSV_NAMES),
  abandonment: withoutRecords("abandonment", ABANDONMENT_CSV_NAMES),
  refunds: withoutRecords("refunds", REFUNDS_CSV_NAMES),
  affiliates: withoutRecords("affiliates", AFFILIATES_CSV_NAMES),
};

// No cart: the carts' file is dropped, and nothing else reads the records.
const NO_CARTS: AbandonmentRecords = { carts: [], purchases: [], currencyOf: () => undefined, reports: [], currency: assumeCurrency(null), assumedCurrencyRecords: 0 };

function allDatasets(report: ReportId, view: unknown, keyType: KeyType): Map<string, CsvDataset> {
  // The dataset functions read only the fields the shareable views keep (the compiler checks
  // the refunds one; the others take the whole view type and read its panels' fields).
  switch (report) {
    case "revenue":
      return revenueDatasets(view as SharedViews["revenue"] as RevenueView, [], keyType);
    case "orders":
      return ordersDatasets(view as SharedViews["orders"] as OrdersView, []);
    case "abandonment":
      return abandonmentDatasets(view as SharedViews["abandonment"] as AbandonmentView, NO_CARTS);
    case "refunds":
      return refundsPanelDatasets(view as SharedViews["refunds"], keyType);
    case "affiliates":
      return affiliatesDatasets(view as SharedViews["affiliates"]);
  }
}

/** The report's CSV files made from `view` (a shareable view: shareable-view.ts) alone, by name, without the records' files. */
export function sharedDatasets(report: ReportId, view: unknown, keyType: KeyType): ReadonlyMap<string, CsvDataset> {
  const sets = allDatasets(report, view, keyType);
  for (const name of RECORD_DATASETS[report]) sets.delete(name);
  return sets;
}
