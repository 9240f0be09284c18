import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { setLogSink, type LogSink } from "@/lib/log/server-log";
import { DEFAULT_FRESHNESS } from "@/lib/mirror/freshness-policy";
import { deriveMirrorKey } from "@/lib/mirror/mirror-cipher";
import { MirrorDayCache } from "@/lib/mirror/mirror-day-cache";
import { purchaseFactTable } from "@/lib/mirror/fact-tables";
import { queryPurchases } from "@/lib/query/purchase-query";
import { credentialFrom } from "@/lib/sales-api";
import { dayKey } from "@/lib/sales-api/day-cache";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { NOW, purchaseDays, recordEngine } from "../support/purchase-facts-fixture";

// The mirror keeps the purchases fact table in step: a day of purchases it stores replaces the
// day's rows, stamped with the same fetch time; the rows hold no customer's personal data; and
// a fact table that fails does not fail the mirror.
const ACCOUNT = "acct-facts";
const KEY = deriveMirrorKey("server-secret-for-tests-0123456789abcdef", credentialFrom({ apiKey: "sak_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" }));
const DAY = "2026-03-10";

let dir: string;
let mirror: SqliteMirrorStore;
let facts: SqlitePurchaseFactStore;
const logLines: string[] = [];
let previousSink: LogSink;

beforeAll(() => {
  previousSink = setLogSink((line) => logLines.push(line));
});
afterAll(() => {
  setLogSink(previousSink);
});
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-mirror-facts-"));
  mirror = new SqliteMirrorStore(path.join(dir, "mirror.sqlite"));
  facts = new SqlitePurchaseFactStore(path.join(dir, "mirror.sqlite"));
  logLines.length = 0;
});
afterEach(async () => {
  await mirror.close();
  await facts.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const cacheWith = (store: PurchaseFactStore) => new MirrorDayCache(mirror, ACCOUNT, KEY, DEFAULT_FRESHNESS, () => NOW, undefined, {}, { purchases: purchaseFactTable(store) });
const query = { from: DAY, to: DAY, timeZone: "UTC", granularity: "hour", keyType: "creator", filters: {}, currency: assumeCurrency("brl") } as const;

describe("the mirror and the purchases fact table", () => {
  it("a day of purchases stored is a day of rows, stamped with the day's fetch time, answering the record engine's figures", async () => {
    const records = purchaseDays("creator").get(DAY)!;
    const cache = cacheWith(facts);
    await cache.set(dayKey(ACCOUNT, "purchases", DAY), { records: records.slice(0, 3), complete: true, fetchedAt: NOW - 5000 });
    await cache.set(dayKey(ACCOUNT, "purchases", DAY), { records, complete: true, fetchedAt: NOW });
    expect(await facts.readDayMeta(ACCOUNT, [DAY])).toEqual([{ day: DAY, fetchedAt: NOW, count: records.length }]);
    expect((await mirror.readMeta(ACCOUNT, "purchases", [DAY]))[0]?.fetchedAt).toBe(NOW);
    expect(await queryPurchases(facts, ACCOUNT, { ...query, filters: { product: [records[0]!.productName || "none"] } })).toEqual(await recordEngine({ ...query, filters: { product: [records[0]!.productName || "none"] } }));
  });

  it("a purchase the upstream sent twice in a day is one row, as a report counts it once", async () => {
    const records = purchaseDays("creator").get(DAY)!;
    await cacheWith(facts).set(dayKey(ACCOUNT, "purchases", DAY), { records: [...records, records[0]!, records[1]!], complete: true, fetchedAt: NOW });
    expect(await facts.readDayMeta(ACCOUNT, [DAY])).toEqual([{ day: DAY, fetchedAt: NOW, count: records.length }]);
  });

  it("a day stored before the fact table (or whose rows failed) gets its rows when the mirror first opens it", async () => {
    const records = purchaseDays("creator").get(DAY)!;
    await new MirrorDayCache(mirror, ACCOUNT, KEY, DEFAULT_FRESHNESS, () => NOW).set(dayKey(ACCOUNT, "purchases", DAY), { records, complete: true, fetchedAt: NOW - 60_000 });
    expect(await facts.readDayMeta(ACCOUNT, [DAY])).toEqual([]);
    expect((await cacheWith(facts).get(dayKey(ACCOUNT, "purchases", DAY)))?.records).toHaveLength(records.length);
    expect(await facts.readDayMeta(ACCOUNT, [DAY])).toEqual([{ day: DAY, fetchedAt: NOW - 60_000, count: records.length }]);
  });

  it("other resources leave it alone", async () => {
    await cacheWith(facts).set(dayKey(ACCOUNT, "orders", DAY), { records: [{ orderId: 1 }], complete: true, fetchedAt: NOW });
    expect(await facts.readDayMeta(ACCOUNT, [DAY])).toEqual([]);
  });

  it("holds no customer's name, e-mail, phone, address or card digits", async () => {
    const records = purchaseDays("creator").get(DAY)!;
    await cacheWith(facts).set(dayKey(ACCOUNT, "purchases", DAY), { records, complete: true, fetchedAt: NOW });
    const personal = records.flatMap((p) => [p.customerName, p.customerEmail, p.customerPhone, p.billingAddress1, p.billingAddress2, p.billingCity, p.billingZipcode, p.cardLast4]).filter((v): v is string => typeof v === "string" && v.length > 3);
    expect(personal.length).toBeGreaterThan(records.length);
    const db = new Database(path.join(dir, "mirror.sqlite"), { readonly: true });
    try {
      const cells = new Set((db.prepare("SELECT * FROM purchase_facts").all() as Array<Record<string, unknown>>).flatMap((row) => Object.values(row).map(String)));
      expect(cells.size).toBeGreaterThan(0);
      expect(personal.filter((v) => cells.has(v))).toEqual([]);
    } finally {
      db.close();
    }
  });

  it("a fact table that fails leaves the day stored in the mirror, and says so in the log", async () => {
    const failing: PurchaseFactStore = {
      replaceDay: async () => Promise.reject(new Error("disk full")),
      readDayMeta: (account, days) => facts.readDayMeta(account, days),
      aggregate: (account, plan) => facts.aggregate(account, plan),
      summarize: (account, plan) => facts.summarize(account, plan),
      purchasePage: (account, request) => facts.purchasePage(account, request),
      locatePurchases: (account, plan, ids) => facts.locatePurchases(account, plan, ids),
      affiliateGroups: (account, plan) => facts.affiliateGroups(account, plan),
      countSales: (account, plan, ids) => facts.countSales(account, plan, ids),
      refundGroups: (account, plan) => facts.refundGroups(account, plan),
      salesOf: (account, plan, ids) => facts.salesOf(account, plan, ids),
      payoutSales: (account, days, currency) => facts.payoutSales(account, days, currency),
      checkouts: (account, plan) => facts.checkouts(account, plan),
      forget: (account) => facts.forget(account),
      close: async () => undefined,
    };
    const records = purchaseDays("creator").get(DAY)!;
    await cacheWith(failing).set(dayKey(ACCOUNT, "purchases", DAY), { records, complete: true, fetchedAt: NOW });
    expect((await mirror.readMeta(ACCOUNT, "purchases", [DAY]))[0]?.count).toBe(records.length);
    expect(await facts.readDayMeta(ACCOUNT, [DAY])).toEqual([]);
    expect(logLines.join("\n")).toContain("purchase_facts_unwritten");
  });
});
