import "server-only";

// The CSV files a shared snapshot offers: its report's panel files, computed from the stored
// (shareable) view alone with the report's own dataset functions, so a shared file and the
// signed-in download of the same panel are one computation. The records' files (purchases,
// orders, carts, refunds, chargebacks) are never among them: those functions get no record,
// and their files are dropped.
import type { CsvDataset } from "@/lib/reports/server/csv-datasets";
import { shareableReport } from "@/lib/reports/server/report-registry";
import type { ReportId } from "@/lib/reports/report-definitions";
import type { KeyType } from "@/lib/sales-api";

/** The files of a report that list records, one line per purchase, order, cart or claim: its tables'. */
export function recordDatasets(id: ReportId): readonly string[] {
  return Object.keys(shareableReport(id).tables ?? {});
}

/**
 * Every name a shared snapshot's CSV can have, per report ("all" is the ZIP of them, as in the
 * export routes); which of them a given snapshot has is the key set of sharedDatasets (an
 * affiliate's Revenue has no attach rates, a Refunds report without refund records no days).
 */
export function sharedCsvNames(id: ReportId): ReadonlySet<string> {
  const records = recordDatasets(id);
  return new Set([...(shareableReport(id).exports?.names ?? [])].filter((name) => !records.includes(name)));
}

/** The report's CSV files made from `view` (a shareable view: shareable-view.ts) alone, by name, without the records' files. */
export function sharedDatasets(report: ReportId, view: unknown, keyType: KeyType): ReadonlyMap<string, CsvDataset> {
  const sets = shareableReport(report).share.datasets(view, keyType);
  for (const name of recordDatasets(report)) sets.delete(name);
  return sets;
}
