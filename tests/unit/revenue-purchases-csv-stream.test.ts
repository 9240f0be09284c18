import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReportParams } from "@/lib/report-params/definitions";
import { exportParams, exportResponse, type ReportExport } from "@/lib/reports/server/report-export";
import { revenueDatasets } from "@/lib/reports/server/revenue-csv";
import { loadRevenueExport } from "@/lib/reports/server/revenue-export";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";
import { revenueViewFrom } from "@/lib/reports/server/revenue-report";
import { revenueSummariesFrom } from "@/lib/reports/server/revenue-summaries";
import type { KeyType } from "@/lib/sales-api";
import { getProcessState } from "@/lib/store/process-state";
import { MemoryAccountSettingsStore } from "@/lib/store/account-settings-store";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { fillFactStore, heldDaysClient, purchaseDays, reportParams, utcDays, type OracleQuery } from "../support/purchase-facts-fixture";
import type { RangeReport, RangeOptions } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

// The Revenue purchases CSV, read from the mirror a day at a time (purchase-csv-rows.ts), is the
// file the range's records gave before, byte for byte: the oracle below is that path (the
// records loaded at once, their summaries, revenueDatasets over the array), kept here only. And
// it is read lazily: a day is opened when the download pulls its rows, not before.

const HOLDS_COMPARISON = new Set(["kpis", "series"]);
const settings = new MemoryAccountSettingsStore();
let dir: string;
let facts: SqlitePurchaseFactStore;

beforeAll(async () => {
  getProcessState().settings = settings;
  await settings.set("creator-usd", { assumedCurrency: "usd" });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-csv-stream-"));
  facts = new SqlitePurchaseFactStore(path.join(dir, "mirror.sqlite"));
  await fillFactStore(facts, "creator", "creator");
  await fillFactStore(facts, "affiliate", "affiliate");
});
afterAll(async () => {
  await facts?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** heldDaysClient under another identity, with some days reported incomplete, counting the days whose records it hands out. */
function client(keyType: KeyType, options: { identity?: string; incomplete?: readonly string[] } = {}) {
  const held = heldDaysClient(keyType);
  const opened: string[] = [];
  /** What each open asked of the day store about keeping the days it opens. */
  const remembered: Array<boolean | undefined> = [];
  const incomplete = new Set(options.incomplete ?? []);
  const wrapped = {
    ...held,
    identity: options.identity ?? keyType,
    fetchRange: async (resource: string, window: { from: string; to: string }, rangeOptions?: RangeOptions) => {
      const digest = rangeOptions?.digest;
      opened.push(...utcDays(window.from, window.to).filter((day) => !digest || digest.recordDays?.has(day)));
      remembered.push(rangeOptions?.rememberOpened);
      const answer = await held.fetchRange(resource as "purchases", window as never, rangeOptions);
      const cut = utcDays(window.from, window.to).filter((day) => incomplete.has(day));
      const report: RangeReport = { ...answer.report, incompleteDays: cut, complete: cut.length === 0 && answer.report.complete };
      return { ...answer, report };
    },
  } as unknown as MirroredClient;
  return { client: wrapped, opened, remembered };
}

const base = (keyType: KeyType, e: Pick<ReportExport, "quality" | "datasets">, params: ReportParams, csvLocale: string | null): ReportExport => ({
  report: "revenue", title: "Revenue", accountLabel: `Salesdash ${keyType}`, range: params, holdsComparison: HOLDS_COMPARISON, csvLocale, ...e,
});

/** The file as the export route wrote it before: every record of the range loaded first. */
async function before(c: MirroredClient, keyType: KeyType, asked: ReportParams, dataset: string, csvLocale: string | null): Promise<Response> {
  const params = exportParams(asked, dataset, HOLDS_COMPARISON);
  const records = await loadRevenueRecords(c, params);
  const view = revenueViewFrom(revenueSummariesFrom(records), keyType, params);
  return exportResponse(dataset, base(keyType, { quality: view.quality, datasets: revenueDatasets(view, records.current, keyType) }, params, csvLocale));
}

async function now(c: MirroredClient, keyType: KeyType, asked: ReportParams, dataset: string, csvLocale: string | null, store?: PurchaseFactStore): Promise<Response> {
  const params = exportParams(asked, dataset, HOLDS_COMPARISON);
  const { view, datasets } = await loadRevenueExport(c, keyType, params, { facts: store });
  return exportResponse(dataset, base(keyType, { quality: view.quality, datasets }, params, csvLocale));
}

const headersOf = (r: Response) => ({ status: r.status, type: r.headers.get("content-type"), disposition: r.headers.get("content-disposition"), incomplete: r.headers.get("x-salesdash-incomplete") });
const bytesOf = async (r: Response) => new Uint8Array(await r.arrayBuffer());

interface Case { name: string; keyType: KeyType; query: Omit<OracleQuery, "granularity" | "currency" | "keyType">; compare?: ReportParams["compare"]; identity?: string; incomplete?: string[]; facts?: boolean; csvLocale?: string }

function cases(): Case[] {
  const creator = [...purchaseDays("creator").values()].flat();
  const methods = new Map<string, number>();
  for (const p of creator) methods.set(p.paymentMethod || "none", (methods.get(p.paymentMethod || "none") ?? 0) + 1);
  const method = [...methods].sort((a, b) => b[1] - a[1])[0]![0];
  return [
    { name: "a creator's range in São Paulo (UTC days cut), no filter", keyType: "creator", query: { from: "2026-02-21", to: "2026-06-13", timeZone: "America/Sao_Paulo", filters: {} } },
    { name: "an affiliate's month in Kathmandu, a country and 'none'", keyType: "affiliate", query: { from: "2026-04-01", to: "2026-04-30", timeZone: "Asia/Kathmandu", filters: { country: ["none", "BR"] } } },
    { name: "a creator's filtered range answered by the fact table, in New York", keyType: "creator", query: { from: "2026-03-01", to: "2026-05-31", timeZone: "America/New_York", filters: { method: [method], brand: ["none", "visa"] } }, facts: true },
    { name: "an account whose setting places records without a currency in dollars, pt-BR dialect", keyType: "creator", identity: "creator-usd", query: { from: "2026-03-10", to: "2026-04-20", timeZone: "Asia/Tokyo", filters: {} }, csvLocale: "pt-BR" },
    { name: "a range with incomplete days: the same notes", keyType: "creator", query: { from: "2026-04-01", to: "2026-04-30", timeZone: "UTC", filters: {} }, incomplete: ["2026-04-03", "2026-04-17"] },
    { name: "nothing: a product no record has", keyType: "affiliate", query: { from: "2026-03-01", to: "2026-03-31", timeZone: "UTC", filters: { product: ["no such product"] } } },
    { name: "a creator's May in Lisbon against last year", keyType: "creator", query: { from: "2026-05-01", to: "2026-05-31", timeZone: "Europe/Lisbon", filters: {} }, compare: "last_year" },
  ];
}

describe("the Revenue purchases CSV read a day at a time", () => {
  for (const c of cases()) {
    const params = reportParams({ ...c.query, keyType: c.keyType, granularity: "day", currency: { currency: "unknown", source: "none", offers: {} } }, c.compare ?? "previous");
    const make = () => client(c.keyType, { identity: c.identity, incomplete: c.incomplete }).client;

    it(`is the same file, byte for byte: ${c.name}`, async () => {
      const [old, streamed] = [await before(make(), c.keyType, params, "purchases", c.csvLocale ?? null), await now(make(), c.keyType, params, "purchases", c.csvLocale ?? null, c.facts ? facts : undefined)];
      expect(headersOf(streamed)).toEqual(headersOf(old));
      const [a, b] = [await bytesOf(old), await bytesOf(streamed)];
      expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
      // The file has rows where the range has any (the comparison is not vacuous).
      const lines = Buffer.from(a).toString("utf8").split("\r\n").length;
      if (c.name.startsWith("nothing")) expect(lines).toBe(2);
      else expect(lines).toBeGreaterThan(100);
      if (c.incomplete) expect(headersOf(streamed).incomplete).toBeTruthy();
    });

    it(`is the same ZIP, every entry byte for byte: ${c.name}`, async () => {
      const [old, streamed] = [await before(make(), c.keyType, params, "all", c.csvLocale ?? null), await now(make(), c.keyType, params, "all", c.csvLocale ?? null, c.facts ? facts : undefined)];
      expect(headersOf(streamed)).toEqual(headersOf(old));
      const [a, b] = [unzipSync(await bytesOf(old)), unzipSync(await bytesOf(streamed))];
      expect(Object.keys(b)).toEqual(Object.keys(a));
      expect(Object.keys(a)[0]).toMatch(/purchases/);
      for (const name of Object.keys(a)) expect({ name, same: Buffer.from(b[name]!).equals(Buffer.from(a[name]!)) }).toEqual({ name, same: true });
    });
  }

  it("opens a day's records only when the download reaches it, newest day first, each once", async () => {
    const query = { from: "2026-02-21", to: "2026-06-13", timeZone: "America/Sao_Paulo", filters: {} };
    const params = reportParams({ ...query, keyType: "creator", granularity: "day", currency: { currency: "unknown", source: "none", offers: {} } }, "none");
    const { client: c, opened, remembered } = client("creator");
    const response = await now(c, "creator", params, "purchases", null);
    // The day summaries open only the two days the local range cuts in two.
    const summariesOpened = opened.length;
    const summaryFetches = remembered.length;
    expect(summariesOpened).toBeLessThanOrEqual(2);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    const days = utcDays("2026-02-21", "2026-06-14").reverse();
    const early = opened.slice(summariesOpened);
    // A first chunk (64 KiB) is a few days' rows, the newest: the range has 114 days.
    expect(early.length).toBeGreaterThan(0);
    expect(early.length).toBeLessThanOrEqual(4);
    expect(early).toEqual(days.slice(0, early.length));
    while (!(await reader.read()).done);
    expect(opened.slice(summariesOpened)).toEqual(days);
    // The file's days are not kept among the mirror's opened days (a long file would fill that cache).
    expect(remembered.slice(summaryFetches)).toEqual(days.map(() => false));
  });

  it("fails the download, not a short file, when a day the report held cannot be read again", async () => {
    const query = { from: "2026-04-01", to: "2026-04-30", timeZone: "UTC", filters: {} };
    const params = reportParams({ ...query, keyType: "creator", granularity: "day", currency: { currency: "unknown", source: "none", offers: {} } }, "none");
    const held = heldDaysClient("creator");
    const c = {
      ...held,
      fetchRange: async (resource: string, window: { from: string; to: string }, options?: RangeOptions) => {
        const answer = await held.fetchRange(resource as "purchases", window as never, options);
        // The day opened alone after the summaries is gone (an outage, the deadline).
        if (window.from === "2026-04-20" && window.to === window.from) return { records: [], digests: new Map(), report: { ...answer.report, unfetchedDays: ["2026-04-20"], fetchedAt: [], complete: false } };
        return answer;
      },
    } as unknown as MirroredClient;
    const response = await now(c, "creator", params, "purchases", null);
    await expect(response.arrayBuffer()).rejects.toThrow(/2026-04-20/);
  });
});
