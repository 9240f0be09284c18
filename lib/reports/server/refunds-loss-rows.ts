import "server-only";

// The Refunds report's refund and chargeback records as rows of their fact tables (EventFigureRow: the fields it reads):
// from the tables when they hold every day of the period's window as the mirror served them (the
// days' marks fetched first, which fetches what is missing or stale and so writes its rows), else
// from the records, each read as its row would be (lib/query/event-facts.ts). Either way the
// report reads one shape, so the two paths cannot count a refund apart. The records table's
// columns are the records' own (the contract lists none): read off the first records the page
// lists, which from the tables means opening the newest days only.
import { eventQuery } from "@/lib/query/event-query";
import { eventRowsOf } from "@/lib/store/event-fact-columns";
import { lossRowsOfRecords } from "@/lib/analytics/refund-kpis";
import { disputedSaleIds, saleIdOf } from "@/lib/analytics/sale-losses";
import { shiftDay } from "@/lib/calendar";
import type { ReportParams } from "@/lib/report-params/definitions";
import { errorKind, firstField, type GenericRecord, RESOURCES } from "@/lib/sales-api";
import type { EventFigureRow, EventFactStore } from "@/lib/store/event-fact-store";
import { genericColumns, type GenericColumn } from "@/lib/reports/generic-columns";
import { rangeOptions, type LoadOptions } from "./load-options";
import { heldEventWindow } from "./payouts-losses";
import { bothLossLists, lossRecordsOf, lossRecordTest, lossWindow, ofPeriodSales, type LossResource } from "./refunds-records";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

/** What genericColumns reads of a list: its first records. */
const SAMPLE = 500;

/** One list of the period: its rows, and the records table's columns (dated by sale, of the records of the sales `has` holds, and those naming none). */
export interface LossList {
  rows: EventFigureRow[];
  columns(has?: (id: number) => boolean): Promise<GenericColumn[]>;
}

export interface LossRows {
  refunds: LossList | null;
  chargebacks: LossList | null;
  /** Endpoints that answered 404, refunds first. */
  unavailable: LossResource[];
  /** The refunds' and chargebacks' fetches, in that order. */
  reports: RangeReport[];
}

/** A list of records (the records path) as a LossList. */
function listOfRecords(resource: LossResource, records: GenericRecord[]): LossList {
  return { rows: lossRowsOfRecords(resource, records)!, columns: async (has) => genericColumns(has ? records.filter((r) => ofPeriodSales(saleIdOf(r), has)) : records) };
}

/**
 * The first `SAMPLE` records of a list as the records path lists them (newest day first, a day
 * in its order), read a few days at a time from the window's end: the days the table's rows
 * came from are fresh in the mirror, so this opens sealed days and asks nothing upstream.
 */
async function leadingRecords(client: MirroredClient, resource: LossResource, window: { from: string; to: string }, keep: (r: GenericRecord) => boolean, wanted: number, options: LoadOptions): Promise<GenericRecord[]> {
  const sample: GenericRecord[] = [];
  const seen = new Set<string>();
  let to = window.to;
  for (let span = 4; sample.length < wanted && to >= window.from; span *= 2) {
    const shifted = shiftDay(to, 1 - span);
    const from = shifted < window.from ? window.from : shifted;
    const { records } = await client.fetchRange(resource, { from, to }, rangeOptions(options));
    for (const r of records) {
      // A record the upstream sent on two days is one, as one fetch of the window keeps it.
      const id = firstField(r, RESOURCES[resource].idFields);
      const key = id === undefined ? JSON.stringify(r) : String(id);
      if (seen.has(key)) continue;
      seen.add(key);
      if (keep(r)) sample.push(r);
    }
    to = shiftDay(from, -1);
  }
  return sample.slice(0, wanted);
}

/** A list from its table, when the table holds every day of the window as the mirror served it; null otherwise. */
async function listFromTable(client: MirroredClient, facts: EventFactStore, resource: LossResource, params: ReportParams, options: LoadOptions): Promise<{ list: LossList; report: RangeReport } | null> {
  const window = lossWindow(params);
  const report = await heldEventWindow(client, facts, resource, window, options);
  if (!report) return null;
  const dated = eventQuery({ from: params.from, to: params.to, timeZone: params.tz, filters: params.filters });
  // By request, the period's instants; by sale, every record of the window (the sales place them).
  const query = params.dating === "event" ? { ...dated, days: window } : { days: window, filters: dated.filters };
  const rows = eventRowsOf(await facts.events(client.identity, resource, query));
  const test = lossRecordTest(resource, params);
  const columns = async (has?: (id: number) => boolean) => {
    const count = has ? rows.filter((r) => ofPeriodSales(r.saleId, has)).length : rows.length;
    if (count === 0) return [];
    const keep = has ? (r: GenericRecord) => test(r) && ofPeriodSales(saleIdOf(r), has) : test;
    return genericColumns(await leadingRecords(client, resource, window, keep, Math.min(SAMPLE, count), options));
  };
  return { list: { rows, columns }, report };
}

/** The sales with a dispute opened (alerts left out), by id: disputedSaleIds (sale-losses.ts) of the rows, whose `dispute` and `saleId` are that rule's. */
function disputedSaleIdsOfRows(rows: readonly EventFigureRow[]): Set<number> {
  const ids = new Set<number>();
  for (const r of rows) if (r.dispute && r.saleId !== null) ids.add(r.saleId);
  return ids;
}

/**
 * The period's disputed sales (null when the chargebacks endpoint answers 404), with both lists'
 * 404s and fetch reports, as loadLossRows gives them: what the Affiliates leaderboard reads. From
 * the tables when they hold the window, the refunds' days only checked (their rows are not read),
 * else from the records.
 */
export async function loadDisputedSales(client: MirroredClient, params: ReportParams, options: LoadOptions, facts: EventFactStore | undefined) {
  const lists = await bothLossLists(async (resource): Promise<{ list: Set<number> | null; report: RangeReport } | null> => {
    try {
      if (facts && resource === "refunds") {
        const report = await heldEventWindow(client, facts, resource, lossWindow(params), options);
        if (report) return { list: null, report };
      }
      const held = facts && resource === "chargebacks" ? await listFromTable(client, facts, resource, params, options) : null;
      if (held) return { list: disputedSaleIdsOfRows(held.list.rows), report: held.report };
    } catch (error) {
      if (errorKind(error) !== "not_found") throw error;
      return null;
    }
    const loaded = await lossRecordsOf(client, resource, params, options);
    return loaded && { list: resource === "chargebacks" ? disputedSaleIds(loaded.records) : null, report: loaded.report };
  });
  return { disputed: lists.chargebacks, unavailable: lists.unavailable, reports: lists.reports };
}

/** The period's refunds and chargebacks as rows, side by side; an endpoint that answers 404 is told, not fatal. */
export async function loadLossRows(client: MirroredClient, params: ReportParams, options: LoadOptions, facts: EventFactStore | undefined): Promise<LossRows> {
  return bothLossLists(async (resource) => {
    try {
      const held = facts ? await listFromTable(client, facts, resource, params, options) : null;
      if (held) return held;
    } catch (error) {
      if (errorKind(error) !== "not_found") throw error;
      return null;
    }
    const loaded = await lossRecordsOf(client, resource, params, options);
    return loaded && { list: listOfRecords(resource, loaded.records), report: loaded.report };
  });
}
