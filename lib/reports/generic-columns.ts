// Records whose fields the contract does not show (refunds, chargebacks): columns discovered
// from the records, money and dates recognised by name, personal data masked by name.
import { formatMoney, formatUtc } from "@/lib/format";
import { maskEmail, maskName, maskPhone } from "@/lib/privacy/mask";

export interface GenericColumn { key: string; kind: "money" | "date" | "personal" | "text" }

const PERSONAL = /customer|email|phone|address|zipcode/i;

export function genericColumns(records: ReadonlyArray<Record<string, unknown>>, max = 14): GenericColumn[] {
  const keys: string[] = [];
  for (const record of records.slice(0, 500)) for (const key of Object.keys(record)) if (!keys.includes(key)) keys.push(key);
  return keys.slice(0, max).map((key) => ({
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

export function formatGenericCell(record: Record<string, unknown>, column: GenericColumn): string {
  const value = record[column.key];
  if (value === null || value === undefined) return "";
  if (column.kind === "money" && typeof value === "number") return formatMoney(value, typeof record.currency === "string" ? record.currency : "unknown");
  if (column.kind === "date" && typeof value === "string") return formatUtc(value);
  if (column.kind === "personal") return maskPersonal(column.key, value);
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
