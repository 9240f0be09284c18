import "server-only";

// The payout calendar's refunds and chargebacks as rows of their fact tables (EventFactRow):
// read from the tables when they hold every day of the history as the mirror served them (the
// days' marks fetched first, which fetches what is missing or stale and so writes its rows),
// else from the records, each read as its row would be (lib/query/event-facts.ts). Either way
// the calendar reads one shape, so the two paths cannot count a loss apart.
import { EVENT_DAY_MARK } from "@/lib/mirror/day-digesters";
import { eventFactRow } from "@/lib/query/event-facts";
import { lossRowsOfRecords } from "@/lib/analytics/refund-kpis";
import { errorKind, type GenericRecord } from "@/lib/sales-api";
import type { EventFactStore, EventResource } from "@/lib/store/event-fact-store";
import { lossColumnsOf, type PayoutLossColumns, type PayoutLossRow } from "@/lib/records/payout-loss-columns";
import { rangeOptions, type LoadOptions } from "./load-options";
import { factsHold } from "./facts-hold";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import type { DayDigester } from "@/lib/mirror/day-store";

/** The calendar reads of a loss record only what PayoutLossRow holds (from the tables, six columns of each disputes' row), as columns. */
export interface PayoutLossRows {
  refunds: PayoutLossColumns | null;
  chargebacks: PayoutLossColumns | null;
}

export interface PayoutLosses extends PayoutLossRows {
  /** Endpoints that answered 404, sorted. */
  unavailable: EventResource[];
  reports: RangeReport[];
}

/** Loss records as the rows the calendar reads. */
export const lossRowsOf = (records: { refunds: readonly GenericRecord[] | null; chargebacks: readonly GenericRecord[] | null }): PayoutLossRows => ({
  refunds: columnsOrNull(lossRowsOfRecords("refunds", records.refunds)),
  chargebacks: columnsOrNull(lossRowsOfRecords("chargebacks", records.chargebacks)),
});

const columnsOrNull = (rows: readonly PayoutLossRow[] | null): PayoutLossColumns | null => rows && lossColumnsOf(rows);

/**
 * The days' marks of a list's window (which fetches what is missing or stale, and so writes its
 * rows), when its table holds every day as the mirror served them; null otherwise.
 */
export async function heldEventWindow(client: MirroredClient, facts: EventFactStore, resource: EventResource, window: { from: string; to: string }, options: LoadOptions): Promise<RangeReport | null> {
  const marks = await client.fetchRange(resource, window, { ...rangeOptions(options), digest: { digester: EVENT_DAY_MARK as DayDigester, marks: true } });
  const table = { readDayMeta: (account: string, days: readonly string[]) => facts.readDayMeta(account, resource, days) };
  return (await factsHold(table, client.identity, [marks.report])) ? marks.report : null;
}

/** A list's disputes of the history from its table, when the table holds every day as the mirror served them; null otherwise. */
async function rowsFromFacts(client: MirroredClient, facts: EventFactStore, resource: EventResource, history: { from: string; to: string }, options: LoadOptions) {
  const report = await heldEventWindow(client, facts, resource, history, options);
  return report && { rows: await facts.lossRows(client.identity, resource, history), report };
}

/** The history's refunds and chargebacks; an endpoint that answers 404 is told, not fatal. */
export async function loadPayoutLossRows(client: MirroredClient, history: { from: string; to: string }, options: LoadOptions): Promise<PayoutLosses> {
  const unavailable: EventResource[] = [];
  const load = async (resource: EventResource) => {
    try {
      const held = options.eventFacts ? await rowsFromFacts(client, options.eventFacts, resource, history, options) : null;
      if (held) return held;
      const { records, report } = await client.fetchRange(resource, history, rangeOptions(options));
      return { rows: lossColumnsOf(records.map((r) => eventFactRow(resource, r))), report };
    } catch (error) {
      // Without these records the model learns nothing of that kind; the page says so.
      if (errorKind(error) !== "not_found") throw error;
      unavailable.push(resource);
      return null;
    }
  };
  const [refunds, chargebacks] = await Promise.all([load("refunds"), load("chargebacks")]);
  return {
    refunds: refunds?.rows ?? null,
    chargebacks: chargebacks?.rows ?? null,
    unavailable: unavailable.sort(),
    reports: [...(refunds ? [refunds.report] : []), ...(chargebacks ? [chargebacks.report] : [])],
  };
}
