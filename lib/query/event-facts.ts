// A refund or chargeback record as a row of its fact table. The contract lists these records
// without fields, so each column is read exactly where the reports read it today (refund-kpis.ts,
// sale-losses.ts, refunds-records.ts's filters, payouts-report.ts's losses): the table answers
// what the records answer. Nothing that names or reaches a customer goes into it.
import { toCents } from "@/lib/analytics/money";
import { refundDaysBucket } from "@/lib/analytics/refund-days";
import { isDispute, isDisputeWon, saleIdOf } from "@/lib/analytics/sale-losses";
import { timestampMs } from "@/lib/timestamps";
import { firstField, RESOURCES } from "@/lib/sales-api";
import { readDecimalText } from "@/lib/records/fields";
import type { EventFactRow, EventResource } from "@/lib/store/event-fact-store";
import { firstCopies } from "./first-copies";

type EventRecord = Readonly<Record<string, unknown>>;

const instant = (value: unknown): number | null => {
  const ms = typeof value === "string" ? timestampMs(value) : NaN;
  return Number.isFinite(ms) ? ms : null;
};

/** As refunds-records.ts's filter pickers read a field: undefined (absent) kept apart as null. */
const dim = (r: EventRecord, name: string): string | null => (r[name] === undefined ? null : String(r[name] || "none"));

const text = (value: unknown): string | null => (value === undefined || value === null ? null : String(value));

/** The report's currency (refund-kpis.ts's `r.currency ?? sale.currency`, then a readable code or the fallback). */
const currencyOf = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  return typeof value === "string" ? value.toLowerCase() : "";
};

/** The first named field holding an amount: a number, or a plain decimal written as text. */
export const numberField = (record: EventRecord, ...names: string[]): number | undefined => {
  for (const name of names) {
    const value = record[name];
    if (typeof value === "number") return value;
    const fromText = typeof value === "string" ? readDecimalText(value) : undefined;
    if (fromText !== undefined) return fromText;
  }
  return undefined;
};

// The one reading of a record's amount, in this order, for every page (the Refunds report, the
// payout calendar, the Overview): a refund's is what it gave back, never its sale's
// amountTransaction; a chargeback's is the disputed amount, else the transaction disputed.
const AMOUNT_FIELDS: Record<EventResource, readonly string[]> = { refunds: ["amount", "amountRefunded", "refundAmount"], chargebacks: ["amount", "amountTransaction"] };

export function eventFactRow(resource: EventResource, r: EventRecord): EventFactRow {
  const id = firstField(r, RESOURCES[resource].idFields);
  return {
    eventId: id === undefined ? "" : String(id),
    saleId: saleIdOf(r) ?? null,
    at: instant(firstField(r, RESOURCES[resource].filterColumns)),
    currency: currencyOf(r.currency),
    amountCents: toCents(numberField(r, ...AMOUNT_FIELDS[resource])),
    fullType: r.refundType === "full",
    dispute: resource === "refunds" || isDispute(r),
    won: resource === "chargebacks" && isDisputeWon(r),
    resolvedAt: instant(r.resolvedAt),
    daysBucket: resource === "refunds" ? refundDaysBucket(r) : null,
    saleAt: instant(r.purchaseCreatedAt),
    orderId: text(r.orderId),
    status: text(r.status),
    kind: text(r.kind),
    reason: text(r.reason),
    dims: { product: dim(r, "productName"), offer: dim(r, "offerCode"), type: dim(r, "purchaseType"), method: dim(r, "paymentMethod"), psp: dim(r, "psp"), affiliate: dim(r, "affiliateName") },
  };
}

/**
 * The rows of one stored day, in its order: a record the upstream sent twice (windows that
 * overlap) is one row, its first copy, told apart as fetchRange tells them (the id, else the
 * whole record), so the table holds what a report's fetch gives it.
 */
export function eventFactRows(resource: EventResource, records: readonly unknown[]): EventFactRow[] {
  const read = records.map((record) => ({ record, row: eventFactRow(resource, record as EventRecord) }));
  return firstCopies(read, ({ record, row }) => (row.eventId === "" ? JSON.stringify(record) : row.eventId)).map(({ row }) => row);
}
