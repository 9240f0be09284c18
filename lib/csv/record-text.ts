// One CSV record as text, written straight from the row (issue #25: csv-stringify's path,
// a [value, field] pair and an options lookup per cell, was the largest cost left in the
// purchases CSV once its cells were cheap). The rules are the ones stream.ts gave csv-stringify
// (RFC 4180, CRLF records, every CR or LF quoted): a field is quoted when it holds a quote, the
// delimiter, a CR or an LF, and its quotes are doubled; nothing else is touched. A unit test
// holds this text equal to csv-stringify's with those options for any cells.
import { toCsvCell } from "./cell";
import type { CsvColumns } from "./columns";
import type { CsvDialect } from "./dialect";

export const RECORD_DELIMITER = "\r\n";
const NEEDS_QUOTES: Readonly<Record<CsvDialect["delimiter"], RegExp>> = { ",": /[",\r\n]/, ";": /[";\r\n]/ };

/** A cell as a field of the record: quoted (its quotes doubled) only when it must be. */
export function csvField(cell: string, delimiter: CsvDialect["delimiter"]): string {
  return NEEDS_QUOTES[delimiter].test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** Cells as one record, its CRLF included. */
export function csvLine(cells: readonly string[], delimiter: CsvDialect["delimiter"]): string {
  let line = "";
  for (let i = 0; i < cells.length; i++) {
    if (i > 0) line += delimiter;
    line += csvField(cells[i]!, delimiter);
  }
  return line + RECORD_DELIMITER;
}

/**
 * One row's record, its CRLF included, with no array of cells in between; `size` receives
 * the cells' length plus one per cell (what a chunk counts, as before).
 */
export function csvRowLine<T>(columns: CsvColumns<T>, row: T, dialect: CsvDialect, size: { chars: number }): string {
  const { delimiter, decimal } = dialect;
  let line = "";
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i]!;
    const cell = toCsvCell(column.value(row), column.kind, decimal);
    size.chars += cell.length + 1;
    if (i > 0) line += delimiter;
    line += csvField(cell, delimiter);
  }
  return line + RECORD_DELIMITER;
}
