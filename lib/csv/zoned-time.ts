// A CSV's times in the report's zone, the zone named in the column's header, the same way the
// tables show them: "purchaseCreatedAt (America/Sao_Paulo)" holds 2026-05-03T09:15:00-03:00.
// The offset stays in the cell, so a spreadsheet or a script still reads one exact instant.
import { timestampMs } from "@/lib/timestamps";
import type { CsvColumns } from "./columns";
import { offsetSuffix, ZonedTimestamps } from "./zoned-timestamps";

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23", timeZoneName: "longOffset" });
    formats.set(timeZone, format);
  }
  return format;
}

/** The reference: Intl writes the instant. Every cell was written so before; now only those zoned-timestamps.ts hands back. */
export function intlTimestamp(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(formatOf(timeZone).formatToParts(ms).map((p) => [p.type, p.value]));
  const offset = offsetSuffix(String(parts.timeZoneName));
  const millis = ms % 1000 === 0 ? "" : `.${String(((ms % 1000) + 1000) % 1000).padStart(3, "0")}`;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${millis}${offset}`;
}

const writers = new Map<string, ZonedTimestamps>();
function writerOf(timeZone: string): ZonedTimestamps {
  let writer = writers.get(timeZone);
  if (!writer) {
    writer = new ZonedTimestamps(formatOf(timeZone), (ms) => intlTimestamp(ms, timeZone));
    writers.set(timeZone, writer);
  }
  return writer;
}

/** Epoch milliseconds of a cell's value; the API's "YYYY-MM-DDTHH:MM:SSZ" without Date.parse. */
function instantOf(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number") return value;
  if (typeof value !== "string" || !value.includes("T")) return Number.NaN;
  // timestampMs reads what Date.parse reads for that shape; NaN (a 24:00, a 30 February) is left to Date.parse.
  const fast = value.length === 20 ? timestampMs(value) : Number.NaN;
  return Number.isNaN(fast) ? Date.parse(value) : fast;
}

/**
 * An instant (an ISO timestamp, a Date or epoch milliseconds) written in `timeZone` with its
 * offset; a plain day ("2026-05-03") has no time to move and anything unreadable is kept as it
 * came, for the cell to write as text.
 */
export function timestampInZone(value: unknown, timeZone: string): unknown {
  const ms = instantOf(value);
  if (!Number.isFinite(ms)) return value;
  return writerOf(timeZone).write(ms);
}

/** Every date column of a layout written in `timeZone`, named with it. */
export function columnsInZone<T>(columns: CsvColumns<T>, timeZone: string): CsvColumns<T> {
  return columns.map((column) =>
    column.kind === "date" ? Object.freeze({ ...column, header: `${column.header} (${timeZone})`, value: (row: T) => timestampInZone(column.value(row), timeZone) }) : column,
  );
}
