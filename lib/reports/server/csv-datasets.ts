import "server-only";

// A report's CSV files as datasets: columns and rows that travel together, and the flat
// layout most panels use (one column per field of a plain row).
import { csvColumns, type CsvColumn, type CsvColumns } from "@/lib/csv/columns";

export interface CsvDataset<T = unknown> { columns: CsvColumns<T>; rows: Iterable<T> }

// The map of a report's files forgets each file's row type.
export const dataset = <T>(columns: CsvColumns<T>, rows: Iterable<T>): CsvDataset => ({ columns, rows }) as unknown as CsvDataset;

export type Flat = Record<string, unknown>;

/** Columns that read each header as the row's field of that name. */
export const flat = (defs: Array<[string, CsvColumn<Flat>["kind"]]>) => csvColumns<Flat>(defs.map(([header, kind]) => ({ header, kind, value: (r) => r[header] })));

/** A flat dataset of rows already shaped as plain objects. */
export const flatDataset = (defs: Array<[string, CsvColumn<Flat>["kind"]]>, rows: Iterable<Flat>): CsvDataset => dataset(flat(defs), rows);
