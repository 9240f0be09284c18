// Issue #15, "privacy by construction": what a share link stores of a report's view, and the
// CSVs it offers, made from the sandbox's own records (with their customers' names, e-mails,
// phones, addresses and card digits): none of those values survives, the figures do, and a
// shared panel's file is the signed-in download's.
import { describe, expect, it } from "vitest";
import type { Scope } from "../../sandbox/data/dataset";
import type { SessionAccount } from "@/lib/auth/session-decision";
import { csvHeaderRecord, csvRecord } from "@/lib/csv/columns";
import { FILTER_KEYS, type ReportParams } from "@/lib/report-params/definitions";
import type { ReportId } from "@/lib/reports/report-definitions";
import { abandonmentDatasets } from "@/lib/reports/server/abandonment-csv";
import { loadAbandonmentReport } from "@/lib/reports/server/abandonment-report";
import type { CsvDataset } from "@/lib/reports/server/csv-datasets";
import { ordersDatasets } from "@/lib/reports/server/orders-csv";
import { loadOrdersReport } from "@/lib/reports/server/orders-report";
import { refundsDatasets } from "@/lib/reports/server/refunds-csv";
import { loadRefundsReport } from "@/lib/reports/server/refunds-report";
import { FILTERED_REPORTS } from "@/lib/reports/server/report-registry";
import { exportParams } from "@/lib/reports/server/report-export";
import { revenueDatasets } from "@/lib/reports/server/revenue-csv";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";
import { revenueViewFrom } from "@/lib/reports/server/revenue-report";
import { revenueSummariesFrom } from "@/lib/reports/server/revenue-summaries";
import type { KeyType } from "@/lib/sales-api";
import { buildShareableView, canShareReport, ReportNotShareableError, shareableView } from "@/lib/sharing/shareable-view";
import { recordDatasets, sharedCsvNames, sharedDatasets } from "@/lib/sharing/shared-datasets";
import { sandboxClient } from "./sharing-sandbox-client";
import type { MirroredClient } from "@/lib/mirror/range-reader";

// The sandbox's "now", fixed: its records up to it; the range and its comparison before it.
const NOW = Date.parse("2026-06-15T12:00:00Z");
const params: ReportParams = {
  from: "2026-06-01", to: "2026-06-10", preset: null, compare: "previous", dating: "event", granularity: "day", tz: "America/Sao_Paulo", currency: null,
  filters: Object.fromEntries(FILTER_KEYS.map((k) => [k, []])) as unknown as ReportParams["filters"],
};
// Wider than the range and its comparison (and the refunds' look-ahead): every customer value the report could have read.
const SEEN = { from: "2026-05-15", to: "2026-06-15" };

const CREATOR: Scope = { keyType: "creator", creatorNos: [1] };
const AFFILIATE: Scope = { keyType: "affiliate", creatorNos: [1], affiliateId: 7001 };
const accountOf = (keyType: KeyType): SessionAccount => ({ label: "Test account", keyType, target: "production", vaultRef: "test" });

/** Every customer value of the sandbox's records the scope sees around the range. */
function customerValues(client: ReturnType<typeof sandboxClient>): { texts: Set<string>; last4: Set<string> } {
  const texts = new Set<string>();
  const last4 = new Set<string>();
  for (const resource of ["purchases", "orders", "abandoned-carts", "refunds", "chargebacks"] as const) {
    for (const record of client.raw(resource, SEEN)) {
      for (const [key, value] of Object.entries(record)) {
        if (typeof value !== "string" || value.length < 4) continue;
        if (/^customer(Name|Email|Phone)$|Address\d$|Zipcode$/.test(key)) texts.add(value);
        if (key === "cardLast4") last4.add(value);
      }
    }
  }
  return { texts, last4 };
}

/** A dataset as the lines of its CSV (header first), in its column order. */
const table = (set: CsvDataset | undefined) => (set ? [csvHeaderRecord(set.columns), ...[...set.rows].map((row) => csvRecord(set.columns, row))] : null);

/** The kpis file as the report's export route writes it (the same loads and dataset functions). */
async function exportedKpis(report: ReportId, client: MirroredClient, keyType: KeyType): Promise<CsvDataset | undefined> {
  switch (report) {
    case "revenue": {
      const p = exportParams(params, "kpis", new Set(["kpis", "series"]));
      const records = await loadRevenueRecords(client, p);
      return revenueDatasets(revenueViewFrom(revenueSummariesFrom(records), keyType, p), records.current, keyType).get("kpis");
    }
    case "orders": {
      const { view, orders } = await loadOrdersReport(client, exportParams(params, "kpis", new Set(["kpis"])));
      return ordersDatasets(view, orders).get("kpis");
    }
    case "abandonment": {
      const { view, data } = await loadAbandonmentReport(client, exportParams(params, "kpis", new Set(["kpis"])));
      return abandonmentDatasets(view, data).get("kpis");
    }
    case "refunds": {
      const p = exportParams(params, "kpis", new Set());
      const { view, data } = await loadRefundsReport(client, keyType, p);
      return refundsDatasets(view, data, keyType, p).get("kpis");
    }
  }
}

const CASES: Array<[ReportId, Scope]> = [
  ["revenue", CREATOR],
  ["orders", CREATOR],
  ["abandonment", CREATOR],
  ["refunds", CREATOR],
  ["revenue", AFFILIATE],
  ["refunds", AFFILIATE],
];

describe.each(CASES)("a shared %s view of a %o key", (report, scope) => {
  const client = sandboxClient(scope, NOW);
  const keyType = scope.keyType;
  const building = (async () => {
    const full = await FILTERED_REPORTS[report].build(client, accountOf(keyType), params, {});
    return { full, shared: shareableView(report, full, keyType), built: await buildShareableView(report, client, accountOf(keyType), params) };
  })();

  it("holds no customer name, e-mail, phone, address, zip code or card digits, nor the filters' choices or a record table", async () => {
    const { full, shared, built } = await building;
    const { texts, last4 } = customerValues(client);
    expect(texts.size).toBeGreaterThan(50);
    expect(last4.size).toBeGreaterThan(10);
    for (const json of [JSON.stringify(shared), JSON.stringify(built)]) {
      expect([...texts].filter((value) => json.includes(JSON.stringify(value).slice(1, -1)))).toEqual([]);
      expect([...last4].filter((value) => json.includes(`"${value}"`))).toEqual([]);
      for (const key of ["filterOptions", "\"offers\":", "rows\":{\"total", "totalCarts", "\"refunds\":{", "\"chargebacks\":{", "\"totals\"", "includesToday"]) expect(json).not.toContain(key);
    }
    // The full view had more: the shareable one is a selection, not the same object.
    expect(Object.keys(shared as object).length).toBeLessThan(Object.keys(full as object).length);
  });

  it("keeps the key figures and every panel's data as they are", async () => {
    const { full, shared, built } = await building;
    const whole = full as Record<string, unknown>;
    const kept = shared as Record<string, unknown>;
    expect(kept.kpis).toEqual(whole.kpis);
    expect((kept.kpis as unknown[]).length).toBeGreaterThan(0);
    // Every kept field is the view's own, unchanged: the second net (personal names) cut nothing here.
    for (const key of Object.keys(kept)) expect(kept[key]).toEqual(whole[key]);
    // Built twice, the same but for the moment each was computed at.
    const computedAt = (v: unknown) => JSON.parse(JSON.stringify(v).replace(/"computedAt":\d+/g, '"computedAt":0')) as unknown;
    expect(computedAt(built)).toEqual(computedAt(shared));
  });

  it("offers its panels' CSVs without the records' files, the key figures as the export route writes them", async () => {
    const { shared } = await building;
    const sets = sharedDatasets(report, shared, keyType);
    for (const name of recordDatasets(report)) expect(sets.has(name)).toBe(false);
    for (const name of sets.keys()) expect(sharedCsvNames(report).has(name)).toBe(true);
    for (const name of recordDatasets(report)) expect(sharedCsvNames(report).has(name)).toBe(false);
    expect(sets.has("kpis")).toBe(true);
    const kpis = table(sets.get("kpis"));
    expect(kpis!.length).toBeGreaterThan(1);
    expect(kpis).toEqual(table(await exportedKpis(report, client, keyType)));
    // No file holds a customer value either.
    const { texts } = customerValues(client);
    const everything = JSON.stringify([...sets.values()].map(table));
    expect([...texts].filter((value) => everything.includes(JSON.stringify(value).slice(1, -1)))).toEqual([]);
  });
});

describe("what an affiliate key may share", () => {
  it("is Revenue and Refunds only, refused before any upstream request", async () => {
    expect((["revenue", "orders", "abandonment", "refunds"] as const).filter((r) => canShareReport(r, "affiliate"))).toEqual(["revenue", "refunds"]);
    let asked = 0;
    const client = { fetchRange: async () => (asked++, { records: [], digests: new Map(), report: {} }) } as unknown as MirroredClient;
    for (const report of ["orders", "abandonment"] as const) {
      await expect(buildShareableView(report, client, accountOf("affiliate"), params)).rejects.toBeInstanceOf(ReportNotShareableError);
      expect(() => shareableView(report, {}, "affiliate")).toThrow(ReportNotShareableError);
    }
    expect(asked).toBe(0);
  });

  it("refuses a view made for the other key type", () => {
    expect(() => shareableView("revenue", { keyType: "creator", kpis: [] }, "affiliate")).toThrow(/another key type/);
  });
});

describe("the second net", () => {
  it("drops a personal field nested in a kept one", () => {
    const view = { keyType: "creator", dating: "event", kpis: [{ currency: "brl", items: [], customerEmail: "a@example.com", contact: { phone: "+55 11 5555-0000", ok: 1 } }] };
    expect(shareableView("refunds", view, "creator")).toEqual({ keyType: "creator", dating: "event", kpis: [{ currency: "brl", items: [], contact: { ok: 1 } }] });
  });
});

describe("a snapshot of a report with one currency chosen", () => {
  it("holds that currency's entries only, at any depth, and no other in its currency list", async () => {
    const { onlyCurrency } = await import("@/lib/sharing/shareable-view");
    const view = { currencies: ["brl", "usd"], kpis: [{ currency: "brl", items: [1] }, { currency: "usd", items: [2] }], nested: { series: [{ currency: "usd", points: [] }, { day: "2026-06-09" }] }, quality: { assumedCurrency: "usd" } };
    expect(onlyCurrency(view, "brl")).toEqual({ currencies: ["brl"], kpis: [{ currency: "brl", items: [1] }], nested: { series: [{ day: "2026-06-09" }] }, quality: { assumedCurrency: "usd" } });
    expect(onlyCurrency(view, null)).toBe(view);
  });
});
