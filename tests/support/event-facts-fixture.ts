// Refund and chargeback records for the event fact tables' tests, from the sandbox's own
// generator (no server), for the purchases fixture's days (purchase-facts-fixture.ts), each UTC
// day's records as the API files them (by request time), newest first. Mixed in, the shapes the
// contract leaves open and the field notes warn about: no currency, a null one, one in capitals,
// an amount written as text, no dimension fields, a null product, no sale named, dated by
// createdAt only, not dated at all, and customer personal data the table must never hold.
import { FIRST_DAY, heldDayRecords, heldRange, LAST_DAY, NOW, oncePerKey, sandboxDays, utcDays, withLosses, type LossEndpoints } from "./held-days";
import { heldDaysClient } from "./purchase-facts-fixture";
import type { GenericRecord } from "@/lib/sales-api";
import { eventFactRows } from "@/lib/query/event-facts";
import { EVENT_RESOURCES, type EventFactStore, type EventFigureRow, type EventResource } from "@/lib/store/event-fact-store";
import type { MirroredClient } from "@/lib/mirror/range-reader";

/** What a record may carry that names or reaches a customer: never a column of the table. */
/** What a store's `events` answers of a row written: the fields the reports read (EventFigureRow). */
export const figureOf = (r: EventFigureRow): EventFigureRow => ({ saleId: r.saleId, at: r.at, currency: r.currency, amountCents: r.amountCents, fullType: r.fullType, dispute: r.dispute, won: r.won, daysBucket: r.daysBucket, saleAt: r.saleAt, orderId: r.orderId });

export const PERSONAL = { customerName: "Ana Souza", customerEmail: "ana@example.com", customerPhone: "+5511999990000", address: "Rua A 1", zipcode: "01000-000", cardLast4: "4242", trackingCode: "BR123456789" };

const DIMENSION_FIELDS = ["productName", "offerCode", "purchaseType", "paymentMethod", "psp", "affiliateName"];

function oddly(record: GenericRecord, i: number): GenericRecord {
  const r: GenericRecord = { ...record };
  if (i % 9 === 0) delete r.currency;
  else if (i % 10 === 1) r.currency = null;
  else if (i % 11 === 2 && typeof r.currency === "string") r.currency = r.currency.toUpperCase();
  if (i % 13 === 3 && typeof r.amount === "number") r.amount = r.amount.toFixed(2);
  if (i % 14 === 4) for (const f of DIMENSION_FIELDS) delete r[f];
  if (i % 21 === 9) r.productName = null;
  if (i % 17 === 5) delete r.purchaseId;
  if (i % 19 === 6) {
    r.createdAt = r.requestedAt;
    delete r.requestedAt;
  }
  if (i % 23 === 7) delete r.requestedAt;
  if (i % 15 === 8) Object.assign(r, PERSONAL);
  return r;
}

/** Each UTC day's refund or chargeback records of the sandbox's creator account, newest first. */
export const eventDays = oncePerKey((resource: EventResource): Map<string, GenericRecord[]> => {
  let i = 0;
  return heldDayRecords(sandboxDays("creator", resource), (records) => (records as GenericRecord[]).map((r) => oddly(r, i++)));
});

/** Writes every held day of both lists into the store, as the mirror does when it stores a day. */
export async function fillEventFactStore(store: EventFactStore, account: string): Promise<void> {
  for (const resource of EVENT_RESOURCES) {
    for (const [day, records] of eventDays(resource)) await store.replaceDay(account, resource, day, NOW, eventFactRows(resource, records));
  }
}

const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Both lists' held days (fillEventFactStore), and every other day a Refunds report's window may
 * reach held empty, as the mirror stores a day without records: the comparison periods' (a year
 * back) and the 61 days a report dated by sale looks on.
 */
export async function fillEventWindows(store: EventFactStore, account: string): Promise<void> {
  await fillEventFactStore(store, account);
  for (const resource of EVENT_RESOURCES) {
    for (const day of utcDays(shiftDay(FIRST_DAY, -400), shiftDay(LAST_DAY, 70))) if (!eventDays(resource).has(day)) await store.replaceDay(account, resource, day, NOW, []);
  }
}

export type EventEndpoints = LossEndpoints;

/**
 * The creator's client of the held days (heldDaysClient), answering refunds and chargebacks too:
 * a window's records newest day first, or each day's mark when a report asks for digests; a 404
 * for an endpoint said to lack.
 */
export function eventsClient(endpoints: EventEndpoints = { refunds: "records", chargebacks: "records" }): MirroredClient {
  return withLosses(heldDaysClient("creator"), endpoints, async (resource, window, options) => heldRange(resource, eventDays(resource), window, options));
}
