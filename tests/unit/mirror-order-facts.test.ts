import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { DEFAULT_FRESHNESS } from "@/lib/mirror/freshness-policy";
import { deriveMirrorKey } from "@/lib/mirror/mirror-cipher";
import { DAY_DIGESTERS, ORDER_DAY_MARK } from "@/lib/mirror/day-digesters";
import { MirrorDayCache } from "@/lib/mirror/mirror-day-cache";
import { orderFactTable, purchaseFactTable } from "@/lib/mirror/fact-tables";
import { credentialFrom } from "@/lib/sales-api";
import type { OrderFactStore } from "@/lib/store/order-fact-store";
import { SqliteOrderFactStore } from "@/lib/store/sqlite-order-fact-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { NOW, orderDays } from "../support/order-facts-fixture";
import { failingWrites, mirrorWithFacts } from "../support/mirror-with-facts";
import { dayKey, type DayDigester } from "@/lib/mirror/day-store";

// The mirror keeps the orders fact table in step, as it does the purchases': a day of orders it
// stores replaces the day's rows, stamped with the same fetch time; the rows hold no customer's
// personal data; a fact table that fails does not fail the mirror; and the day's mark tells a
// report the day's fetch without opening it.
const ACCOUNT = "acct-order-facts";
const KEY = deriveMirrorKey("server-secret-for-tests-0123456789abcdef", credentialFrom({ apiKey: "sak_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" }));
const DAY = "2026-03-10";

const setup = mirrorWithFacts("mirror-order-facts", (file) => new SqliteOrderFactStore(file));

const cacheWith = (store?: OrderFactStore) => new MirrorDayCache(setup.mirror, ACCOUNT, KEY, DEFAULT_FRESHNESS, () => NOW, undefined, DAY_DIGESTERS, store && { orders: orderFactTable(store) });
const unique = (records: ReturnType<typeof orderDays> extends Map<string, infer R> ? R : never) => new Set(records.map((o) => o.orderId)).size;

describe("the mirror and the orders fact table", () => {
  it("a day of orders stored is a day of rows (an order sent twice once), stamped with the day's fetch time", async () => {
    const records = orderDays().get(DAY)!;
    const cache = cacheWith(setup.facts);
    await cache.set(dayKey(ACCOUNT, "orders", DAY), { records: records.slice(0, 3), complete: true, fetchedAt: NOW - 5000 });
    await cache.set(dayKey(ACCOUNT, "orders", DAY), { records: [...records, records[0]!], complete: true, fetchedAt: NOW });
    expect(await setup.facts.readDayMeta(ACCOUNT, [DAY])).toEqual([{ day: DAY, fetchedAt: NOW, count: unique(records) }]);
    expect((await setup.mirror.readMeta(ACCOUNT, "orders", [DAY]))[0]?.fetchedAt).toBe(NOW);
  });

  it("a day stored before the fact table (or whose rows failed) gets its rows when the mirror first opens it", async () => {
    const records = orderDays().get(DAY)!;
    await cacheWith().set(dayKey(ACCOUNT, "orders", DAY), { records, complete: true, fetchedAt: NOW - 60_000 });
    expect(await setup.facts.readDayMeta(ACCOUNT, [DAY])).toEqual([]);
    expect((await cacheWith(setup.facts).get(dayKey(ACCOUNT, "orders", DAY)))?.records).toHaveLength(records.length);
    expect(await setup.facts.readDayMeta(ACCOUNT, [DAY])).toEqual([{ day: DAY, fetchedAt: NOW - 60_000, count: unique(records) }]);
  });

  it("the day's mark gives its fetch time and count without its records", async () => {
    const records = orderDays().get(DAY)!;
    await cacheWith(setup.facts).set(dayKey(ACCOUNT, "orders", DAY), { records, complete: true, fetchedAt: NOW });
    const marked = await cacheWith(setup.facts).getDigest(dayKey(ACCOUNT, "orders", DAY), ORDER_DAY_MARK as DayDigester);
    expect(marked).toMatchObject({ digest: records.length, fetchedAt: NOW, complete: true });
  });

  it("purchases leave it alone, and orders leave the purchases' alone", async () => {
    const purchases = new SqlitePurchaseFactStore(path.join(setup.dir, "mirror.sqlite"));
    try {
      const both = new MirrorDayCache(setup.mirror, ACCOUNT, KEY, DEFAULT_FRESHNESS, () => NOW, undefined, {}, { purchases: purchaseFactTable(purchases), orders: orderFactTable(setup.facts) });
      await both.set(dayKey(ACCOUNT, "purchases", DAY), { records: [], complete: true, fetchedAt: NOW });
      expect(await setup.facts.readDayMeta(ACCOUNT, [DAY])).toEqual([]);
      await both.set(dayKey(ACCOUNT, "orders", DAY), { records: orderDays().get(DAY)!, complete: true, fetchedAt: NOW - 1 });
      expect(await purchases.readDayMeta(ACCOUNT, [DAY])).toEqual([{ day: DAY, fetchedAt: NOW, count: 0 }]);
      expect((await setup.facts.readDayMeta(ACCOUNT, [DAY]))[0]?.fetchedAt).toBe(NOW - 1);
    } finally {
      await purchases.close();
    }
  });

  it("holds no customer's name, e-mail, phone, address, zipcode, card digits or tracking code", async () => {
    const records = [...orderDays().values()].flat().slice(0, 2000);
    const days = new Map<string, typeof records>();
    for (const o of records) days.set(o.checkoutInitializedAt.slice(0, 10), [...(days.get(o.checkoutInitializedAt.slice(0, 10)) ?? []), o]);
    for (const [day, list] of days) await cacheWith(setup.facts).set(dayKey(ACCOUNT, "orders", day), { records: list, complete: true, fetchedAt: NOW });
    const personal = records
      .flatMap((o) => [o.customerName, o.customerEmail, o.customerPhone, o.shippingAddress1, o.shippingAddress2, o.shippingCity, o.shippingState, o.shippingZipcode, o.cardLast4, o.trackingCode])
      .filter((v): v is string => typeof v === "string" && v.length > 3);
    expect(personal.length).toBeGreaterThan(records.length * 3);
    const db = new Database(path.join(setup.dir, "mirror.sqlite"), { readonly: true });
    try {
      // Every text cell (a number column holds cents, ids and instants: a card's last four digits may equal an amount's cents).
      const cells = (db.prepare("SELECT * FROM order_facts").all() as Array<Record<string, unknown>>).flatMap((row) => Object.values(row).filter((v): v is string => typeof v === "string"));
      expect(cells.length).toBeGreaterThan(records.length * 5);
      const text = new Set(cells);
      expect(personal.filter((v) => text.has(v))).toEqual([]);
      // Nor inside a longer cell (a name within an offer's name, say).
      const joined = cells.join("\n");
      expect(personal.filter((v) => v.length > 6 && joined.includes(v))).toEqual([]);
    } finally {
      db.close();
    }
  });

  it("a fact table that fails leaves the day stored in the mirror, and says so in the log", async () => {
    const failing = failingWrites(setup.facts);
    const records = orderDays().get(DAY)!;
    await cacheWith(failing).set(dayKey(ACCOUNT, "orders", DAY), { records, complete: true, fetchedAt: NOW });
    expect((await setup.mirror.readMeta(ACCOUNT, "orders", [DAY]))[0]?.count).toBe(records.length);
    expect(await setup.facts.readDayMeta(ACCOUNT, [DAY])).toEqual([]);
    expect(setup.logLines.join("\n")).toContain("order_facts_unwritten");
  });
});
