// A report's CSV layout: one definition per column, in order. The route handler states what
// each column holds; the kind decides how it is written (see cell.ts).
import { toCsvCell, type CsvKind } from "./cell";
import { DEFAULT_CSV_DIALECT, type CsvDialect } from "./dialect";

export interface CsvColumn<T> {
  readonly header: string;
  readonly kind: CsvKind;
  readonly value: (row: T) => unknown;
}

export type CsvColumns<T> = readonly CsvColumn<T>[];

/**
 * Checks and freezes a column list. A layout with no column, an empty header or a repeated
 * header is a programming error, so it throws where the module is loaded, not mid-download.
 */
export function csvColumns<T>(defs: readonly CsvColumn<T>[]): CsvColumns<T> {
  if (defs.length === 0) throw new Error("csvColumns: a CSV needs at least one column");
  const seen = new Set<string>();
  for (const def of defs) {
    if (def.header.trim() === "") throw new Error("csvColumns: a column header is empty");
    if (seen.has(def.header)) throw new Error(`csvColumns: the header "${def.header}" is repeated`);
    seen.add(def.header);
  }
  return Object.freeze(defs.map((def) => Object.freeze({ ...def })));
}

/** The header record; headers are guarded like text, though they come from our code. */
export function csvHeaderRecord<T>(columns: CsvColumns<T>): string[] {
  return columns.map((column) => toCsvCell(column.header, "text"));
}

/** One row as the cells of a record, in column order. */
export function csvRecord<T>(columns: CsvColumns<T>, row: T, dialect: CsvDialect = DEFAULT_CSV_DIALECT): string[] {
  return columns.map((column) => toCsvCell(column.value(row), column.kind, dialect.decimal));
}
