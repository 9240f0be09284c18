// Records whose fields the contract does not show (refunds, chargebacks): columns discovered
// from the records, money and dates recognised by name, personal data masked by name.
import { formatInZone, formatMoney } from "@/lib/format";
import { codeDimensionOfField, type CodeDimension } from "@/lib/i18n/code-labels";
import { maskEmail, maskName, maskPhone } from "@/lib/privacy/mask";

/** `code`: the column holds the API's codes of that dimension, shown on screen as words (the CSV keeps them). */
export interface GenericColumn { key: string; kind: "money" | "date" | "personal" | "text"; code?: CodeDimension | "country" }

const PERSONAL = /customer|email|phone|address|zipcode/i;

export function genericColumns(records: ReadonlyArray<Record<string, unknown>>, max = 14): GenericColumn[] {
  const keys: string[] = [];
  const sample = records.slice(0, 500);
  for (const record of sample) for (const key of Object.keys(record)) if (!keys.includes(key)) keys.push(key);
  return readingOrder(columnsOf(keys)).slice(0, max).map((column) => {
    const code = column.kind === "text" ? codeDimensionOfField(column.key, sample.map((r) => r[column.key])) : null;
    return code ? { ...column, code } : column;
  });
}

/**
 * The columns of `records`, or of `fallbackKeys` when there is none: a CSV of no record is
 * still a CSV, its header row and nothing else (a CSV needs at least one column).
 */
export function genericColumnsOrDefault(records: ReadonlyArray<Record<string, unknown>>, max: number, fallbackKeys: readonly string[]): GenericColumn[] {
  const columns = genericColumns(records, max);
  return columns.length > 0 ? columns : columnsOf(fallbackKeys);
}

// What a person reads first: when it was asked, how much, what became of it, for what; ids and
// codes last (a phone shows the first two or three columns, and a wide screen cuts off the right).
const STATE = /^(status|kind|refundType|reason|outcome)$/;
const NAMES = /^(productName|offerName)$/;
const IDS = /(^id$|Id$|Ucode$|Code$)/;

function readingRank(column: GenericColumn): number {
  if (column.kind === "date") return /request/i.test(column.key) ? 0 : 4;
  if (column.kind === "money") return column.key === "amount" ? 1 : 2;
  if (STATE.test(column.key)) return 3;
  if (NAMES.test(column.key)) return 3.5;
  if (column.kind === "personal") return 5;
  return IDS.test(column.key) ? 7 : 6;
}

/** The columns in reading order; ties keep the records' own order. */
function readingOrder(columns: GenericColumn[]): GenericColumn[] {
  return columns.map((column, index) => ({ column, index })).sort((a, b) => readingRank(a.column) - readingRank(b.column) || a.index - b.index).map((c) => c.column);
}

function columnsOf(keys: readonly string[]): GenericColumn[] {
  return keys.map((key) => ({
    key,
    kind: PERSONAL.test(key) ? "personal" : /^amount/i.test(key) ? "money" : /At$/.test(key) ? "date" : "text",
  }));
}

/** A personal field of a record whose fields are unknown, masked by what its name says it holds. */
export function maskPersonal(key: string, value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  if (/email/i.test(key)) return maskEmail(text);
  if (/phone/i.test(key)) return maskPhone(text);
  return maskName(text);
}

export function formatGenericCell(record: Record<string, unknown>, column: GenericColumn, timeZone = "UTC"): string {
  const value = record[column.key];
  if (value === null || value === undefined) return "";
  if (column.kind === "money" && typeof value === "number") return formatMoney(value, typeof record.currency === "string" ? record.currency : "unknown");
  if (column.kind === "date" && typeof value === "string") return formatInZone(value, timeZone);
  if (column.kind === "personal") return maskPersonal(column.key, value);
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
