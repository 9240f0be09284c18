// A refund or a chargeback names the sale it touches, and changes that sale's records (its
// amountRefunded, its status) on the day the sale's checkout began: a day the mirror may keep
// for up to a week (freshness-policy.ts), while the refunds and chargebacks lists, filtered by
// request time, show the event at once. So whenever a day of refunds or chargebacks is written
// (by the sync or by a report's fetch), every held copy of a touched sale's day that is not
// newer than the event is marked stale: the next sync pass or report fetches it again, within
// the rate budget, and a late refund reaches Revenue within minutes instead of a day.
import { shiftDay, type IsoDay } from "@/lib/calendar";
import { EVENT_RESOURCES as EVENT_LISTS } from "@/lib/store/event-fact-store";
import type { MirrorStore } from "@/lib/store/mirror-store";

/** The lists that name a sale and are filtered by the event's time (their fact tables' list, as plain names). */
export const EVENT_RESOURCES: readonly string[] = EVENT_LISTS;
/** The lists whose records of a sale an event changes, filtered by the checkout's start. */
const SALE_RESOURCES = ["purchases", "orders"] as const;

// A purchase comes up to three days after its checkout began (a recovered cart), and the sale
// lists are filed under that start, which an event record does not carry: the sale's day is
// one of the three days before its purchase's, or that day.
const CHECKOUT_LEAD_DAYS = 3;
// A copy fetched this soon after the event may still predate it (the upstream's clock, the
// time its answer took): it is fetched again too.
export const EVENT_MARGIN_MS = 5_000;

const SALE_TIME_FIELDS = ["purchaseCreatedAt", "purchaseDate", "saleCreatedAt"];
const EVENT_TIME_FIELDS = ["requestedAt", "processedAt", "resolvedAt", "updatedAt", "createdAt"];

export interface TouchedSale {
  /** The UTC day of the sale's purchase. */
  purchaseDay: IsoDay;
  /** The event's latest time (epoch ms): requested, processed or resolved. */
  eventAt: number;
}

const timeOf = (value: unknown): number | undefined => {
  const ms = typeof value === "string" ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? undefined : ms;
};

/** The sales a day of refund or chargeback records touches; records that name no sale's date are left out. */
export function touchedSales(records: readonly unknown[]): TouchedSale[] {
  const touched: TouchedSale[] = [];
  for (const record of records) {
    if (typeof record !== "object" || record === null) continue;
    const r = record as Record<string, unknown>;
    const saleMs = SALE_TIME_FIELDS.map((f) => timeOf(r[f])).find((ms) => ms !== undefined);
    const eventAt = Math.max(...EVENT_TIME_FIELDS.map((f) => timeOf(r[f]) ?? Number.NEGATIVE_INFINITY));
    if (saleMs === undefined || !Number.isFinite(eventAt)) continue;
    touched.push({ purchaseDay: new Date(saleMs).toISOString().slice(0, 10), eventAt });
  }
  return touched;
}

/** Each day that may hold a touched sale, with the latest event touching it. */
export function saleDaysOf(touched: readonly TouchedSale[]): Map<IsoDay, number> {
  const latest = new Map<IsoDay, number>();
  for (const { purchaseDay, eventAt } of touched) {
    for (let back = 0; back <= CHECKOUT_LEAD_DAYS; back++) {
      const day = shiftDay(purchaseDay, -back);
      latest.set(day, Math.max(eventAt, latest.get(day) ?? Number.NEGATIVE_INFINITY));
    }
  }
  return latest;
}

/**
 * Marks stale the account's held purchases and orders days that may hold a sale `records`
 * touch and were fetched before the event (within the margin); answers the days marked.
 * Days already stale, or fetched after the event, are left alone: a day is fetched again once.
 */
export async function expireTouchedSaleDays(store: MirrorStore, account: string, records: readonly unknown[]): Promise<Array<{ resource: string; day: IsoDay }>> {
  const latest = saleDaysOf(touchedSales(records));
  if (latest.size === 0) return [];
  const days = [...latest.keys()].sort();
  const marked: Array<{ resource: string; day: IsoDay }> = [];
  for (const resource of SALE_RESOURCES) {
    for (const meta of await store.readMeta(account, resource, days)) {
      const eventAt = latest.get(meta.day) ?? Number.NEGATIVE_INFINITY;
      if (meta.fetchedAt > 0 && meta.fetchedAt <= eventAt + EVENT_MARGIN_MS) marked.push({ resource, day: meta.day });
    }
  }
  for (const { resource, day } of marked) await store.expire(account, day, day, [resource]);
  return marked;
}
