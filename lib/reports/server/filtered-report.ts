import "server-only";

// The five reports of a range and filters (the shared report parameters): their module is made
// of a builder of the view, which the stream route and the share links both call.
import type { SessionAccount } from "@/lib/auth/session";
import type { ReportParams } from "@/lib/report-params/definitions";
import { REPORT_PARAMS } from "@/lib/report-params/schema";
import { reportDefinition, type ReportId } from "@/lib/reports/report-definitions";
import type { CsvDataset } from "@/lib/reports/server/csv-datasets";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import type { ReportModule } from "@/lib/reports/server/report-module";
import type { KeyType } from "@/lib/sales-api";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export type ReportBuilder = (client: MirroredClient, account: SessionAccount, params: ReportParams, options: LoadOptions) => Promise<unknown>;

export interface FilteredReport extends ReportModule {
  id: ReportId;
  /** The report's view for the account and params, as the page and a share link have it. */
  build: ReportBuilder;
  /** What a share link of the report keeps, and the files it offers. */
  share: ReportShare;
}

/** Every field of a shared view's type, each kept: the compiler checks the list names them all, and nothing else. */
export type ShareKeep<V> = Record<keyof V, true>;

export interface ReportShare {
  /**
   * The fields of the view a shared snapshot keeps: an allow-list, so a field added to a view
   * later is left out until someone decides it may be shared (lib/sharing/shareable-view.ts).
   */
  keep: Readonly<Record<string, true>>;
  /**
   * The report's files made from a shared snapshot's view alone, with the report's own dataset
   * functions (a shared file and the signed-in download of the same panel are one computation);
   * they get no record, and the tables' files are dropped (lib/sharing/shared-datasets.ts). They
   * read only the fields kept (the compiler checks the refunds one; the others take the whole
   * view type and read its panels' fields).
   */
  datasets(view: unknown, keyType: KeyType): Map<string, CsvDataset>;
}

export function filteredReport(spec: Pick<FilteredReport, "id" | "build" | "exports" | "tables" | "share" | "savedView">): FilteredReport {
  return {
    ...spec,
    // Its path, name and who may open it are said once, where the browser reads them too.
    ...reportDefinition(spec.id),
    // The shared report parameters are all it accepts.
    request: REPORT_PARAMS,
    view: ({ client, account, params }) => (progress, signal) => spec.build(client, account, params, { progress, signal }),
  };
}
