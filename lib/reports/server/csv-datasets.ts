import "server-only";

// A report's CSV files as datasets: columns and rows that travel together, and the flat
// layout most panels use (one column per field of a plain row).
import { csvColumns, type CsvColumn, type CsvColumns } from "@/lib/csv/columns";
import type { Rows } from "@/lib/csv/rows";
import type { CurrencyKpis, KpiItem } from "@/lib/reports/kpi-cards";
import { noComparisonDataText } from "@/lib/reports/no-comparison-data";

export interface CsvDataset<T = unknown> { columns: CsvColumns<T>; rows: Iterable<T> }

/** A file to write: a dataset, or rows read as the download goes (an async iterable: purchase-csv-rows.ts). */
export interface CsvFile<T = unknown> { columns: CsvColumns<T>; rows: Rows<T> }

// The map of a report's files forgets each file's row type.
export const csvFile = <T>(columns: CsvColumns<T>, rows: Rows<T>): CsvFile => ({ columns, rows }) as unknown as CsvFile;
export const dataset = <T>(columns: CsvColumns<T>, rows: Iterable<T>): CsvDataset => ({ columns, rows }) as unknown as CsvDataset;

export type Flat = Record<string, unknown>;

/** Columns that read each header as the row's field of that name. */
export const flat = (defs: Array<[string, CsvColumn<Flat>["kind"]]>) => csvColumns<Flat>(defs.map(([header, kind]) => ({ header, kind, value: (r) => r[header] })));

/** A flat dataset of rows already shaped as plain objects. */
export const flatDataset = (defs: Array<[string, CsvColumn<Flat>["kind"]]>, rows: Iterable<Flat>): CsvDataset => dataset(flat(defs), rows);

// The page's words: something against nothing is "new" there, so it is here too.
const comparisonNote = (item: KpiItem, dataFrom: string | null) => (item.isNew ? "new" : item.noComparisonData ? noComparisonDataText(dataFrom) : "");

/** A report's KPI cards as one row per figure and currency, with its comparison (every report's "kpis" file). */
export function kpiCardsDataset(kpis: readonly CurrencyKpis[], comparisonDataFrom: string | null): CsvDataset {
  return flatDataset(
    [["currency", "text"], ["kpi", "text"], ["label", "text"], ["value", "number"], ["comparisonValue", "number"], ["change", "number"], ["changeRatio", "number"], ["comparisonNote", "text"]],
    kpis.flatMap((k) => k.items.map((i) => ({ currency: k.currency, kpi: i.key, label: i.label, value: i.value, comparisonValue: i.previous, change: i.change, changeRatio: i.changeRatio, comparisonNote: comparisonNote(i, comparisonDataFrom) }))),
  );
}
