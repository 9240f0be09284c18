import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it, vi } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { DEFAULT_FRESHNESS } from "@/lib/mirror/freshness-policy";
import { deriveMirrorKey } from "@/lib/mirror/mirror-cipher";
import { MirrorDayCache } from "@/lib/mirror/mirror-day-cache";
import { purchaseFactTable } from "@/lib/mirror/fact-tables";
import { queryPurchases } from "@/lib/query/purchase-query";
import { credentialFrom } from "@/lib/sales-api";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { NOW, purchaseDays, recordEngine, utcDays } from "../support/purchase-facts-fixture";
import { failingWrites, mirrorWithFacts } from "../support/mirror-with-facts";
import { dayKey } from "@/lib/mirror/day-store";

// The mirror keeps the purchases fact table in step: a day of purchases it stores replaces the
// day's rows, stamped with the same fetch time; the rows hold no customer's personal data; and
// a fact table that fails does not fail the mirror.
const ACCOUNT = "acct-facts";
const KEY = deriveMirrorKey("server-secret-for-tests-0123456789abcdef", credentialFrom({ apiKey: "sak_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" }));
const DAY = "2026-03-10";

const setup = mirrorWithFacts("mirror-facts", (file) => new SqlitePurchaseFactStore(file));

const cacheWith = (store: PurchaseFactStore) => new MirrorDayCache(setup.mirror, ACCOUNT, KEY, DEFAULT_FRESHNESS, () => NOW, undefined, {}, { purchases: purchaseFactTable(store) });
const query = { from: DAY, to: DAY, timeZone: "UTC", granularity: "hour", keyType: "creator", filters: {}, currency: assumeCurrency("brl") } as const;

describe("the mirror and the purchases fact table", () => {
  it("a day of purchases stored is a day of rows, stamped with the day's fetch time, answering the record engine's figures", async () => {
    const records = purchaseDays("creator").get(DAY)!;
    const cache = cacheWith(setup.facts);
    await cache.set(dayKey(ACCOUNT, "purchases", DAY), { records: records.slice(0, 3), complete: true, fetchedAt: NOW - 5000 });
    await cache.set(dayKey(ACCOUNT, "purchases", DAY), { records, complete: true, fetchedAt: NOW });
    expect(await setup.facts.readDayMeta(ACCOUNT, [DAY])).toEqual([{ day: DAY, fetchedAt: NOW, count: records.length }]);
    expect((await setup.mirror.readMeta(ACCOUNT, "purchases", [DAY]))[0]?.fetchedAt).toBe(NOW);
    expect(await queryPurchases(setup.facts, ACCOUNT, { ...query, filters: { product: [records[0]!.productName || "none"] } })).toEqual(await recordEngine({ ...query, filters: { product: [records[0]!.productName || "none"] } }));
  });

  it("a purchase the upstream sent twice in a day is one row, as a report counts it once", async () => {
    const records = purchaseDays("creator").get(DAY)!;
    await cacheWith(setup.facts).set(dayKey(ACCOUNT, "purchases", DAY), { records: [...records, records[0]!, records[1]!], complete: true, fetchedAt: NOW });
    expect(await setup.facts.readDayMeta(ACCOUNT, [DAY])).toEqual([{ day: DAY, fetchedAt: NOW, count: records.length }]);
  });

  it("a day stored before the fact table (or whose rows failed) gets its rows when the mirror first opens it", async () => {
    const records = purchaseDays("creator").get(DAY)!;
    await new MirrorDayCache(setup.mirror, ACCOUNT, KEY, DEFAULT_FRESHNESS, () => NOW).set(dayKey(ACCOUNT, "purchases", DAY), { records, complete: true, fetchedAt: NOW - 60_000 });
    expect(await setup.facts.readDayMeta(ACCOUNT, [DAY])).toEqual([]);
    expect((await cacheWith(setup.facts).get(dayKey(ACCOUNT, "purchases", DAY)))?.records).toHaveLength(records.length);
    expect(await setup.facts.readDayMeta(ACCOUNT, [DAY])).toEqual([{ day: DAY, fetchedAt: NOW - 60_000, count: records.length }]);
  });

  it("a range opened a day at a time asks the fact table for its marks once per 64 days, and gives each day it lacks (or holds from another fetch) its rows", async () => {
    const records = purchaseDays("creator").get(DAY)!.slice(0, 2);
    const days = utcDays("2026-01-01", "2026-03-11");
    expect(days).toHaveLength(70);
    const before = new MirrorDayCache(setup.mirror, ACCOUNT, KEY, DEFAULT_FRESHNESS, () => NOW);
    for (const day of days) await before.set(dayKey(ACCOUNT, "purchases", day), { records, complete: true, fetchedAt: NOW - 60_000 });
    // Of the days the table holds, one from the fetch the mirror holds, one from an older fetch.
    await setup.facts.replaceDay(ACCOUNT, days[3]!, NOW - 60_000, purchaseFactTable(setup.facts).rowsOf(records) as never[]);
    await setup.facts.replaceDay(ACCOUNT, days[65]!, NOW - 90_000, purchaseFactTable(setup.facts).rowsOf(records) as never[]);
    const read = vi.spyOn(setup.facts, "readDayMeta");
    const replaced = vi.spyOn(setup.facts, "replaceDay");
    const cache = cacheWith(setup.facts);
    for (const day of days) expect((await cache.get(dayKey(ACCOUNT, "purchases", day)))?.records).toHaveLength(records.length);
    expect(read).toHaveBeenCalledTimes(2);
    expect(replaced.mock.calls.map(([, day]) => day)).toEqual(days.filter((_, i) => i !== 3));
    read.mockRestore();
    expect((await setup.facts.readDayMeta(ACCOUNT, days)).map((m) => [m.day, m.fetchedAt])).toEqual(days.map((day) => [day, NOW - 60_000]));
    // Opened again by the same cache: every mark is known, none asked again.
    const again = vi.spyOn(setup.facts, "readDayMeta");
    for (const day of days.slice(0, 10)) await cache.get(dayKey(ACCOUNT, "purchases", day));
    expect(again).not.toHaveBeenCalled();
    expect(replaced).toHaveBeenCalledTimes(69);
  });

  it("other resources leave it alone", async () => {
    await cacheWith(setup.facts).set(dayKey(ACCOUNT, "orders", DAY), { records: [{ orderId: 1 }], complete: true, fetchedAt: NOW });
    expect(await setup.facts.readDayMeta(ACCOUNT, [DAY])).toEqual([]);
  });

  it("holds no customer's name, e-mail, phone, address or card digits", async () => {
    const records = purchaseDays("creator").get(DAY)!;
    await cacheWith(setup.facts).set(dayKey(ACCOUNT, "purchases", DAY), { records, complete: true, fetchedAt: NOW });
    const personal = records.flatMap((p) => [p.customerName, p.customerEmail, p.customerPhone, p.billingAddress1, p.billingAddress2, p.billingCity, p.billingZipcode, p.cardLast4]).filter((v): v is string => typeof v === "string" && v.length > 3);
    expect(personal.length).toBeGreaterThan(records.length);
    const db = new Database(path.join(setup.dir, "mirror.sqlite"), { readonly: true });
    try {
      const cells = new Set((db.prepare("SELECT * FROM purchase_facts").all() as Array<Record<string, unknown>>).flatMap((row) => Object.values(row).map(String)));
      expect(cells.size).toBeGreaterThan(0);
      expect(personal.filter((v) => cells.has(v))).toEqual([]);
    } finally {
      db.close();
    }
  });

  it("a fact table that fails leaves the day stored in the mirror, and says so in the log", async () => {
    const failing = failingWrites(setup.facts);
    const records = purchaseDays("creator").get(DAY)!;
    await cacheWith(failing).set(dayKey(ACCOUNT, "purchases", DAY), { records, complete: true, fetchedAt: NOW });
    expect((await setup.mirror.readMeta(ACCOUNT, "purchases", [DAY]))[0]?.count).toBe(records.length);
    expect(await setup.facts.readDayMeta(ACCOUNT, [DAY])).toEqual([]);
    expect(setup.logLines.join("\n")).toContain("purchase_facts_unwritten");
  });
});
