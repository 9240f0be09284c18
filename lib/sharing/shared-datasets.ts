import "server-only";

// The CSV files a shared snapshot offers: its report's panel files, computed from the stored
// (shareable) view alone with the report's own dataset functions, so a shared file and the
// signed-in download of the same panel are one computation. The records' files (purchases,
// orders, carts, refunds, chargebacks) are never among them: those functions get no record,
// and their files are dropped.
import type { CsvDataset } from "@/lib/reports/server/csv-datasets";
import { FILTERED_REPORTS } from "@/lib/reports/server/report-registry";
import { REPORT_IDS, type ReportId } from "@/lib/reports/report-definitions";
import type { KeyType } from "@/lib/sales-api";

const perReport = <T>(value: (id: ReportId) => T) => Object.fromEntries(REPORT_IDS.map((id) => [id, value(id)])) as Record<ReportId, T>;

/** The files of each report that list records, one line per purchase, order, cart or claim: its tables'. */
export const RECORD_DATASETS: Readonly<Record<ReportId, readonly string[]>> = perReport((id) => Object.keys(FILTERED_REPORTS[id].tables ?? {}));

/**
 * Every name a shared snapshot's CSV can have, per report ("all" is the ZIP of them, as in the
 * export routes); which of them a given snapshot has is the key set of sharedDatasets (an
 * affiliate's Revenue has no attach rates, a Refunds report without refund records no days).
 */
export const SHARED_CSV_NAMES: Readonly<Record<ReportId, ReadonlySet<string>>> = perReport(
  (id) => new Set([...(FILTERED_REPORTS[id].exports?.names ?? [])].filter((name) => !RECORD_DATASETS[id].includes(name))),
);

/** The report's CSV files made from `view` (a shareable view: shareable-view.ts) alone, by name, without the records' files. */
export function sharedDatasets(report: ReportId, view: unknown, keyType: KeyType): ReadonlyMap<string, CsvDataset> {
  const sets = FILTERED_REPORTS[report].share.datasets(view, keyType);
  for (const name of RECORD_DATASETS[report]) sets.delete(name);
  return sets;
}
