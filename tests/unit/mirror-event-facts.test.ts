import { describe, expect, it } from "vitest";
import { DEFAULT_FRESHNESS } from "@/lib/mirror/freshness-policy";
import { deriveMirrorKey } from "@/lib/mirror/mirror-cipher";
import { DAY_DIGESTERS, EVENT_DAY_MARK } from "@/lib/mirror/day-digesters";
import { MirrorDayCache } from "@/lib/mirror/mirror-day-cache";
import { eventFactTable } from "@/lib/mirror/fact-tables";
import { credentialFrom } from "@/lib/sales-api";
import type { EventFactStore } from "@/lib/store/event-fact-store";
import { SqliteEventFactStore } from "@/lib/store/sqlite-event-fact-store";
import { eventDays } from "../support/event-facts-fixture";
import { NOW } from "../support/purchase-facts-fixture";
import { failingWrites, mirrorWithFacts } from "../support/mirror-with-facts";
import { dayKey, type DayDigester } from "@/lib/mirror/day-store";

// The mirror keeps the refunds and chargebacks fact tables in step, as it does the orders': a
// day of either list it stores replaces that list's rows of the day, stamped with the same fetch
// time, and leaves the other list alone; the day's mark tells a report the day's fetch without
// opening it; a table that fails does not fail the mirror.
const ACCOUNT = "acct-event-facts";
const KEY = deriveMirrorKey("server-secret-for-tests-0123456789abcdef", credentialFrom({ apiKey: "sak_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" }));
// The day with the most refunds.
const DAY = [...eventDays("refunds")].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))[0]![0];

const t = mirrorWithFacts("mirror-event-facts", (file) => new SqliteEventFactStore(file));

const cacheWith = (store: EventFactStore) =>
  new MirrorDayCache(t.mirror, ACCOUNT, KEY, DEFAULT_FRESHNESS, () => NOW, undefined, DAY_DIGESTERS, { refunds: eventFactTable(store, "refunds"), chargebacks: eventFactTable(store, "chargebacks") });

describe("the mirror and the refunds and chargebacks fact tables", () => {
  it("a day of refunds stored is a day of refund rows (a record sent twice once), stamped with the day's fetch time; the chargebacks' are left alone", async () => {
    const records = eventDays("refunds").get(DAY)!;
    await cacheWith(t.facts).set(dayKey(ACCOUNT, "refunds", DAY), { records: [...records, records[0]!], complete: true, fetchedAt: NOW });
    expect(await t.facts.readDayMeta(ACCOUNT, "refunds", [DAY])).toEqual([{ day: DAY, fetchedAt: NOW, count: records.length }]);
    expect(await t.facts.readDayMeta(ACCOUNT, "chargebacks", [DAY])).toEqual([]);
    await cacheWith(t.facts).set(dayKey(ACCOUNT, "chargebacks", DAY), { records: eventDays("chargebacks").get(DAY) ?? [], complete: true, fetchedAt: NOW - 1 });
    expect((await t.facts.readDayMeta(ACCOUNT, "chargebacks", [DAY]))[0]?.fetchedAt).toBe(NOW - 1);
    expect((await t.facts.readDayMeta(ACCOUNT, "refunds", [DAY]))[0]?.fetchedAt).toBe(NOW);
  });

  it("the day's mark gives its fetch time and count without its records", async () => {
    const records = eventDays("refunds").get(DAY)!;
    await cacheWith(t.facts).set(dayKey(ACCOUNT, "refunds", DAY), { records, complete: true, fetchedAt: NOW });
    const marked = await cacheWith(t.facts).getDigest(dayKey(ACCOUNT, "refunds", DAY), EVENT_DAY_MARK as DayDigester);
    expect(marked).toMatchObject({ digest: records.length, fetchedAt: NOW, complete: true });
  });

  it("a table that fails leaves the day stored in the mirror, and says so in the log", async () => {
    const failing = failingWrites(t.facts);
    const records = eventDays("refunds").get(DAY)!;
    await cacheWith(failing).set(dayKey(ACCOUNT, "refunds", DAY), { records, complete: true, fetchedAt: NOW });
    expect((await t.mirror.readMeta(ACCOUNT, "refunds", [DAY]))[0]?.count).toBe(records.length);
    expect(await t.facts.readDayMeta(ACCOUNT, "refunds", [DAY])).toEqual([]);
    expect(t.logLines.join("\n")).toContain("refund_facts_unwritten");
  });
});
