// A CSV's times in the report's zone, the zone named in the column's header, the same way the
// tables show them: "purchaseCreatedAt (America/Sao_Paulo)" holds 2026-05-03T09:15:00-03:00.
// The offset stays in the cell, so a spreadsheet or a script still reads one exact instant.
import type { CsvColumns } from "./columns";

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23", timeZoneName: "longOffset" });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * An instant (an ISO timestamp, a Date or epoch milliseconds) written in `timeZone` with its
 * offset; a plain day ("2026-05-03") has no time to move and anything unreadable is kept as it
 * came, for the cell to write as text.
 */
export function timestampInZone(value: unknown, timeZone: string): unknown {
  const ms = value instanceof Date ? value.getTime() : typeof value === "number" ? value : typeof value === "string" && value.includes("T") ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms)) return value;
  const parts = Object.fromEntries(formatOf(timeZone).formatToParts(ms).map((p) => [p.type, p.value]));
  const offset = String(parts.timeZoneName).replace("GMT", "").replace(/^(\+00:00)?$/, "Z");
  const millis = ms % 1000 === 0 ? "" : `.${String(((ms % 1000) + 1000) % 1000).padStart(3, "0")}`;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${millis}${offset}`;
}

/** Every date column of a layout written in `timeZone`, named with it. */
export function columnsInZone<T>(columns: CsvColumns<T>, timeZone: string): CsvColumns<T> {
  return columns.map((column) =>
    column.kind === "date" ? Object.freeze({ ...column, header: `${column.header} (${timeZone})`, value: (row: T) => timestampInZone(column.value(row), timeZone) }) : column,
  );
}
