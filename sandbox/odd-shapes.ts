// Fault injection for the client's tolerant reader: a deterministic share of records gets
// an amount as a string and an unknown extra field; purchases can lose their currency.
import { hash32 } from "./data/random";
import type { ApiRecord } from "./data/records";

const ID_FIELDS = ["purchaseId", "orderId", "checkoutId", "refundId", "chargebackId"] as const;

function recordId(record: ApiRecord): string {
  for (const field of ID_FIELDS) if (record[field] !== undefined && record[field] !== null) return String(record[field]);
  return JSON.stringify(record).slice(0, 64);
}

/** True when this record is one of the `rate` share served with an unexpected shape. */
export function isOddRecord(record: ApiRecord, rate: number): boolean {
  return rate > 0 && hash32(`odd|${recordId(record)}`) / 4294967296 < rate;
}

export function reshape(records: ApiRecord[], oddShapeRate: number, omitCurrency: boolean, unreadableDays: readonly string[] = []): ApiRecord[] {
  if (oddShapeRate <= 0 && !omitCurrency && unreadableDays.length === 0) return records;
  const unreadable = new Set(unreadableDays);
  return records.map((record) => {
    const copy: ApiRecord = { ...record };
    if (omitCurrency) delete copy.currency;
    if (typeof copy.checkoutInitializedAt === "string" && unreadable.has(copy.checkoutInitializedAt.slice(0, 10))) copy.amountTransaction = "n/a";
    if (isOddRecord(record, oddShapeRate)) {
      if (typeof copy.amountTransaction === "number") copy.amountTransaction = copy.amountTransaction.toFixed(2);
      copy.unexpectedField = { note: "a field the contract does not list" };
    }
    return copy;
  });
}
