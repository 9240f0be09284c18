import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setLogSink, type LogSink } from "@/lib/log/server-log";
import { DEFAULT_FRESHNESS } from "@/lib/mirror/freshness-policy";
import { deriveMirrorKey } from "@/lib/mirror/mirror-cipher";
import { DAY_DIGESTERS, EVENT_DAY_MARK } from "@/lib/mirror/day-digesters";
import { MirrorDayCache } from "@/lib/mirror/mirror-day-cache";
import { eventFactTable } from "@/lib/mirror/fact-tables";
import { credentialFrom } from "@/lib/sales-api";
import { dayKey, type DayDigester } from "@/lib/sales-api/day-cache";
import type { EventFactStore } from "@/lib/store/event-fact-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { SqliteEventFactStore } from "@/lib/store/sqlite-event-fact-store";
import { eventDays } from "../support/event-facts-fixture";
import { NOW } from "../support/purchase-facts-fixture";

// The mirror keeps the refunds and chargebacks fact tables in step, as it does the orders': a
// day of either list it stores replaces that list's rows of the day, stamped with the same fetch
// time, and leaves the other list alone; the day's mark tells a report the day's fetch without
// opening it; a table that fails does not fail the mirror.
const ACCOUNT = "acct-event-facts";
const KEY = deriveMirrorKey("server-secret-for-tests-0123456789abcdef", credentialFrom({ apiKey: "sak_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" }));
// The day with the most refunds.
const DAY = [...eventDays("refunds")].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))[0]![0];

let dir: string;
let mirror: SqliteMirrorStore;
let facts: SqliteEventFactStore;
const logLines: string[] = [];
let previousSink: LogSink;

beforeAll(() => {
  previousSink = setLogSink((line) => logLines.push(line));
});
afterAll(() => {
  setLogSink(previousSink);
});
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-mirror-event-facts-"));
  mirror = new SqliteMirrorStore(path.join(dir, "mirror.sqlite"));
  facts = new SqliteEventFactStore(path.join(dir, "mirror.sqlite"));
  logLines.length = 0;
});
afterEach(async () => {
  await mirror.close();
  await facts.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const cacheWith = (store: EventFactStore) =>
  new MirrorDayCache(mirror, ACCOUNT, KEY, DEFAULT_FRESHNESS, () => NOW, undefined, DAY_DIGESTERS, { refunds: eventFactTable(store, "refunds"), chargebacks: eventFactTable(store, "chargebacks") });

describe("the mirror and the refunds and chargebacks fact tables", () => {
  it("a day of refunds stored is a day of refund rows (a record sent twice once), stamped with the day's fetch time; the chargebacks' are left alone", async () => {
    const records = eventDays("refunds").get(DAY)!;
    await cacheWith(facts).set(dayKey(ACCOUNT, "refunds", DAY), { records: [...records, records[0]!], complete: true, fetchedAt: NOW });
    expect(await facts.readDayMeta(ACCOUNT, "refunds", [DAY])).toEqual([{ day: DAY, fetchedAt: NOW, count: records.length }]);
    expect(await facts.readDayMeta(ACCOUNT, "chargebacks", [DAY])).toEqual([]);
    await cacheWith(facts).set(dayKey(ACCOUNT, "chargebacks", DAY), { records: eventDays("chargebacks").get(DAY) ?? [], complete: true, fetchedAt: NOW - 1 });
    expect((await facts.readDayMeta(ACCOUNT, "chargebacks", [DAY]))[0]?.fetchedAt).toBe(NOW - 1);
    expect((await facts.readDayMeta(ACCOUNT, "refunds", [DAY]))[0]?.fetchedAt).toBe(NOW);
  });

  it("the day's mark gives its fetch time and count without its records", async () => {
    const records = eventDays("refunds").get(DAY)!;
    await cacheWith(facts).set(dayKey(ACCOUNT, "refunds", DAY), { records, complete: true, fetchedAt: NOW });
    const marked = await cacheWith(facts).getDigest(dayKey(ACCOUNT, "refunds", DAY), EVENT_DAY_MARK as DayDigester);
    expect(marked).toMatchObject({ digest: records.length, fetchedAt: NOW, complete: true });
  });

  it("a table that fails leaves the day stored in the mirror, and says so in the log", async () => {
    const failing: EventFactStore = { replaceDay: async () => Promise.reject(new Error("disk full")), readDayMeta: (account, resource, days) => facts.readDayMeta(account, resource, days), events: (a, r, q) => facts.events(a, r, q), forget: (a) => facts.forget(a), close: async () => undefined };
    const records = eventDays("refunds").get(DAY)!;
    await cacheWith(failing).set(dayKey(ACCOUNT, "refunds", DAY), { records, complete: true, fetchedAt: NOW });
    expect((await mirror.readMeta(ACCOUNT, "refunds", [DAY]))[0]?.count).toBe(records.length);
    expect(await facts.readDayMeta(ACCOUNT, "refunds", [DAY])).toEqual([]);
    expect(logLines.join("\n")).toContain("refund_facts_unwritten");
  });
});
