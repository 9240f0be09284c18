import fc from "fast-check";
import { lossRowsOfColumns } from "@/lib/records/payout-loss-columns";
import { eventRowsOf } from "@/lib/store/event-fact-columns";
import { describe, expect, it, vi } from "vitest";
import { payoutHistory } from "@/lib/reports/payouts-month";
import { buildPayoutsView } from "@/lib/reports/server/payouts-report";
import { eventFactRows } from "@/lib/query/event-facts";
import { eventQuery } from "@/lib/query/event-query";
import { FILTER_KEYS, type FilterKey } from "@/lib/report-params/definitions";
import { withReportDeadline } from "@/lib/reports/server/load-options";
import { loadLossRecords, REFUND_FILTER_KEYS } from "@/lib/reports/server/refunds-records";
import { EVENT_RESOURCES, type EventFactStore, type EventResource } from "@/lib/store/event-fact-store";
import { eventDays, eventsClient, figureOf, fillEventFactStore, PERSONAL } from "./event-facts-fixture";
import { withStore, type StoreBackend } from "./fact-day-store-behaviour";
import { FIRST_DAY, LAST_DAY, NOW, reportParams, utcDays } from "./purchase-facts-fixture";
import { timeless } from "./views-from-facts";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";

// What the reports rely on from a refunds-and-chargebacks fact store: a day's rows replaced as
// one, lists and accounts kept apart, no customer personal data, and a range's rows that are
// the very records the records path keeps dated by request (loadLossRecords), in their order.
// Every back-end runs the same suite: SQLite in tests/unit, PostgreSQL in tests/backends.

export type EventFactBackend = StoreBackend<EventFactStore>;

const ZONES = ["UTC", "America/Sao_Paulo", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham", "Pacific/Kiritimati"];
const DAY_MS = 86_400_000;
const dayAt = (offset: number) => new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
const HELD_DAYS = Math.round((Date.parse(LAST_DAY) - Date.parse(FIRST_DAY)) / DAY_MS);
const WHOLE = { from: FIRST_DAY, to: LAST_DAY, timeZone: "UTC", filters: {} };

/** The held days' records of a list, newest day first: what a fetch of the whole range gives. */
const allRecords = (resource: EventResource) => [...eventDays(resource).entries()].reverse().flatMap(([, records]) => records);

/** Each filter's values among the records, with "none" and a value no record has. */
function filterValues(): Record<(typeof REFUND_FILTER_KEYS)[number], string[]> {
  const rows = EVENT_RESOURCES.flatMap((r) => eventFactRows(r, allRecords(r)));
  return Object.fromEntries(REFUND_FILTER_KEYS.map((key) => [key, [...new Set(rows.flatMap((row) => (row.dims[key] === null ? [] : [row.dims[key]!]))), "none", "no-such-value"].sort()])) as Record<(typeof REFUND_FILTER_KEYS)[number], string[]>;
}

export function eventFactStoreBehaviour(name: string, backend: EventFactBackend, runs = 60): void {
  describe(`${name}: a day's rows`, () => {
    // The day with the most refunds.
    const day = [...eventDays("refunds")].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))[0]![0];

    it("are replaced, not added to, when the day is stored again; its fetch time and count are kept, per list", withStore(backend, async (store) => {
      const rows = eventFactRows("refunds", eventDays("refunds").get(day)!);
      expect(rows.length).toBeGreaterThan(2);
      await store.replaceDay("acct", "refunds", day, NOW - 1000, rows);
      await store.replaceDay("acct", "refunds", day, NOW, rows.slice(0, 2));
      const query = eventQuery({ from: day, to: day, timeZone: "UTC", filters: {} });
      expect(eventRowsOf(await store.events("acct", "refunds", query))).toEqual(rows.slice(0, 2).filter((r) => r.at !== null).map(figureOf));
      expect(await store.readDayMeta("acct", "refunds", ["2026-04-09", day])).toEqual([{ day, fetchedAt: NOW, count: 2 }]);
      // The other list holds nothing of that day.
      expect(await store.readDayMeta("acct", "chargebacks", [day])).toEqual([]);
      expect(eventRowsOf(await store.events("acct", "chargebacks", query))).toEqual([]);
    }));

    it("are read back as written: every field the reports read of every row, in the records' order", withStore(backend, async (store) => {
      await fillEventFactStore(store, "acct");
      for (const resource of EVENT_RESOURCES) {
        const dated = eventFactRows(resource, allRecords(resource)).filter((r) => r.at !== null && r.at >= Date.parse(`${FIRST_DAY}T00:00:00Z`));
        expect(dated.length).toBeGreaterThan(20);
        expect(eventRowsOf(await store.events("acct", resource, eventQuery(WHOLE)))).toEqual(dated.map(figureOf));
      }
    }));

    it("are read back with every text as written, however awkward (DuckDB's cross as one JSON text)", withStore(backend, async (store) => {
      const texts = ['a\u0001b\u001f"c\\', "é💶\u2028\u2029\u007f", "=1+1,\r\n", "[null]", "", " \t "];
      const rows = eventFactRows("refunds", eventDays("refunds").get(day)!)
        .filter((r) => r.at !== null)
        .map((r, i) => {
          const t = (k: number) => texts[(i + k) % texts.length]!;
          return { ...r, eventId: `${r.eventId}${t(0)}`, currency: t(1), orderId: i % 2 ? null : t(2), status: t(3), kind: i % 3 ? t(4) : null, reason: t(5), dims: { product: t(0), offer: t(1), type: t(2), method: t(3), psp: i % 2 ? null : t(4), affiliate: t(5) } };
        });
      expect(rows.length).toBeGreaterThan(2);
      await store.replaceDay("acct", "refunds", day, NOW, rows);
      expect(eventRowsOf(await store.events("acct", "refunds", eventQuery({ from: day, to: day, timeZone: "UTC", filters: {} })))).toEqual(rows.map(figureOf));
    }));

    it("hold no customer personal data", withStore(backend, async (store) => {
      await fillEventFactStore(store, "acct");
      const rows = await Promise.all(EVENT_RESOURCES.map(async (r) => eventRowsOf(await store.events("acct", r, eventQuery(WHOLE)))));
      const values = new Set<unknown>();
      JSON.stringify(rows, (_key, value: unknown) => (values.add(value), value));
      expect(allRecords("refunds").some((r) => r.customerEmail === PERSONAL.customerEmail)).toBe(true);
      for (const value of Object.values(PERSONAL)) expect(values.has(value)).toBe(false);
    }));
  });

  describe(`${name}: accounts`, () => {
    it("are kept apart, and one is forgotten whole (both lists) while the other stays", withStore(backend, async (store) => {
      const day = "2026-04-10";
      for (const account of ["a", "b"]) {
        for (const resource of EVENT_RESOURCES) await store.replaceDay(account, resource, day, NOW, eventFactRows(resource, eventDays(resource).get(day)!));
      }
      await store.forget("a");
      const query = eventQuery({ from: day, to: day, timeZone: "UTC", filters: {} });
      for (const resource of EVENT_RESOURCES) {
        expect(await store.readDayMeta("a", resource, [day])).toEqual([]);
        expect(eventRowsOf(await store.events("a", resource, query))).toEqual([]);
        expect(await store.readDayMeta("b", resource, [day])).toHaveLength(1);
      }
      expect((eventRowsOf(await store.events("b", "refunds", query))).length).toBeGreaterThan(0);
    }));
  });

  describe(`${name}: a range dated by request`, () => {
    it(`keeps the very records the records path keeps, in their order, for ${runs} random ranges, zones and filters`, withStore(backend, async (store) => {
      await fillEventFactStore(store, "creator");
      const values = filterValues();
      const keys = [...REFUND_FILTER_KEYS];
      const filters = fc.tuple(
        fc.record(Object.fromEntries(keys.map((key) => [key, fc.subarray(values[key], { minLength: 1, maxLength: 3 })])) as Record<(typeof keys)[number], fc.Arbitrary<string[]>>),
        fc.subarray(keys, { minLength: 0, maxLength: 2 }),
      ).map(([all, kept]) => Object.fromEntries(kept.map((k) => [k, all[k]])) as Partial<Record<FilterKey, string[]>>);
      let nonEmpty = 0;
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: -3, max: HELD_DAYS }), fc.integer({ min: 0, max: 40 }), fc.constantFrom(...ZONES), filters, async (start, length, timeZone, chosen) => {
          const from = dayAt(start);
          const to = dayAt(Math.min(start + length, HELD_DAYS + 2));
          const params = { ...reportParams({ from, to, timeZone, granularity: "day", keyType: "creator", filters: chosen, currency: assumeCurrency("brl") }), dating: "event" as const };
          expect(Object.keys(params.filters).sort()).toEqual([...FILTER_KEYS].sort());
          const client = eventsClient();
          const records = await loadLossRecords(client, params, withReportDeadline(client, {}), null);
          for (const resource of EVENT_RESOURCES) {
            const rows = eventRowsOf(await store.events("creator", resource, eventQuery({ from, to, timeZone, filters: params.filters })));
            expect(rows).toEqual(eventFactRows(resource, records[resource]!).map(figureOf));
            if (rows.length > 0) nonEmpty++;
          }
        }),
        { numRuns: runs },
      );
      // Most draws must find records, or the property would hold of little.
      expect(nonEmpty).toBeGreaterThan(runs / 2);
    }), 120_000);
  });

  describe(`${name}: the payout calendar`, () => {
    it("reads the tables when they hold every day of the history, and its view is the records' view; a day they lack sends it to the records", withStore(backend, async (store) => {
      await fillEventFactStore(store, "creator");
      const now = new Date(NOW);
      const history = payoutHistory(now);
      // The history's other days held empty, as the mirror stores a day without records.
      for (const resource of EVENT_RESOURCES) {
        for (const day of utcDays(history.from, history.to)) if (!eventDays(resource).has(day)) await store.replaceDay("creator", resource, day, NOW, []);
      }
      // The calendar's narrow read is the disputes' rows of the history's days, in events()' order, cut to its six columns.
      for (const resource of EVENT_RESOURCES) {
        const written = eventFactRows(resource, [...eventDays(resource).entries()].reverse().filter(([day]) => day >= history.from && day <= history.to).flatMap(([, records]) => records));
        expect(eventRowsOf(await store.events("creator", resource, { days: history, filters: {} }))).toEqual(written.map(figureOf));
        const narrow = written.filter((r) => r.dispute).map((r) => ({ saleId: r.saleId, at: r.at, amountCents: r.amountCents, dispute: true, won: r.won, resolvedAt: r.resolvedAt }));
        expect(narrow.length).toBeGreaterThan(0);
        expect(lossRowsOfColumns(await store.lossRows("creator", resource, history))).toEqual(narrow);
      }
      const read = vi.spyOn(store, "lossRows");
      try {
        for (const request of [{ now, month: "2026-04", tz: "UTC" }, { now, month: null, tz: "America/Sao_Paulo" }, { now, month: "2026-07", tz: "Asia/Kathmandu" }]) {
          const calls = read.mock.calls.length;
          const fromTables = await buildPayoutsView(eventsClient(), "creator", request, { eventFacts: store });
          expect(read.mock.calls.length).toBe(calls + 2);
          expect(timeless(fromTables)).toEqual(timeless(await buildPayoutsView(eventsClient(), "creator", request, {})));
        }
        // The losses weigh on the view: without them it differs.
        const request = { now, month: "2026-04", tz: "UTC" };
        const withoutLosses = await buildPayoutsView(eventsClient({ refunds: "404", chargebacks: "404" }), "creator", request, { eventFacts: store });
        expect(timeless({ ...withoutLosses, unavailable: [] }).model).not.toEqual(timeless(await buildPayoutsView(eventsClient(), "creator", request, { eventFacts: store })).model);
        // A refunds day fetched again since its rows were written: the refunds come from the records.
        await store.replaceDay("creator", "refunds", FIRST_DAY, NOW - 1, []);
        const calls = read.mock.calls.length;
        const view = await buildPayoutsView(eventsClient(), "creator", request, { eventFacts: store });
        expect(read.mock.calls.length).toBe(calls + 1);
        expect(timeless(view)).toEqual(timeless(await buildPayoutsView(eventsClient(), "creator", request, {})));
      } finally {
        read.mockRestore();
      }
    }), 120_000);
  });
}
