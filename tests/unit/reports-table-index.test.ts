// The tables' sorted index: a second page of the same sort is a slice (no load, no sort); a new
// sort, new data (a day fetched again, a day gone stale) or a new report builds again; the cache
// is bounded; customer details are answered for the table's own rows only.
import { beforeEach, describe, expect, it } from "vitest";
import { parseReportParams } from "@/lib/report-params/parse";
import { getCustomerDetails } from "@/lib/reports/server/customer-details";
import { purchaseRowsPage } from "@/lib/reports/server/purchase-rows";
import { memoOf, purchasesSnapshot } from "@/lib/reports/server/table-sources";
import { readTableRequest, sortedOrder, type TableRequest } from "@/lib/reports/server/table-page";
import type { PurchaseSortKey } from "@/lib/reports/server/purchase-rows";
import type { Purchase } from "@/lib/sales-api";
import { daysOf } from "@/lib/calendar";
import { MemoryAccountSettingsStore } from "@/lib/store/account-settings-store";
import { getProcessState } from "@/lib/store/process-state";
import { TableIndexCache } from "@/lib/store/table-index-cache";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

getProcessState().settings = new MemoryAccountSettingsStore();

const FROM = "2026-05-01";
const TO = "2026-05-10";

function purchase(id: number): Purchase {
  const day = String(1 + (id % 10)).padStart(2, "0");
  return {
    purchaseId: id, purchaseUcode: `P-${id}`, orderId: id, checkoutId: `chk_${id}`, purchaseType: "main", currency: "usd",
    purchaseCreatedAt: `2026-05-${day}T12:00:${String(id % 60).padStart(2, "0")}Z`, checkoutInitializedAt: `2026-05-${day}T11:00:00Z`,
    creatorName: "Creator", affiliateName: null, offerCode: "OFF1", offerName: "Offer", productName: `Product ${id % 7}`, psp: "stripe",
    paymentMethod: "card", cardBrand: "visa", cardLast4: "4242", customerName: `Customer ${id}`, customerEmail: `c${id}@example.com`, customerPhone: null,
    billingCountry: "US", amountTransaction: (id * 37) % 1000, amountItemsGross: 1, amountItemsNet: 1,
  } as unknown as Purchase;
}

/** A client whose purchases have one version (`stamp`) per day; `stale` days would be fetched again. */
function fakeClient(identity: string, records: Purchase[]) {
  const state = { stamp: 1000, stale: false, loads: 0, records };
  const stamps = (from: string, to: string) => daysOf(from, to).map((d) => [d, state.stamp] as [string, number]);
  const client = {
    identity,
    async fetchRange(resource: string, range: { from: string; to: string }) {
      state.loads++;
      state.stale = false;
      const report = { resource, from: range.from, to: range.to, fetchedAt: stamps(range.from, range.to), unfetchedDays: [], incompleteDays: [], invalidRecords: [] } as unknown as RangeReport;
      return { records: [...state.records], digests: new Map(), report };
    },
    async rangeStamps(_resource: string, range: { from: string; to: string }) {
      return state.stale ? null : stamps(range.from, range.to);
    },
    reportDeadline: () => ({ passed: false, signal: new AbortController().signal, hold: () => () => {}, pauseFor() {}, dispose() {} }),
  } as unknown as MirroredClient;
  return { client, state };
}

const params = parseReportParams({ from: FROM, to: TO, compare: "none" }).params;
const request = (sort: PurchaseSortKey, page: number, dir: "asc" | "desc" = "desc"): TableRequest<PurchaseSortKey> => ({ page, pageSize: 50, sort, dir });

async function pageOf(client: MirroredClient, req: TableRequest<PurchaseSortKey>) {
  const snapshot = await purchasesSnapshot(client, "creator", params);
  const { records, keyType, fallbackCurrency } = snapshot.entry.data;
  return purchaseRowsPage(records, keyType, fallbackCurrency, req, memoOf(snapshot));
}

const ALL = Array.from({ length: 500 }, (_, i) => purchase(i + 1));

describe("the tables' sorted index", () => {
  beforeEach(() => {
    getProcessState().tables = new TableIndexCache();
  });

  it("pages the same sort from one load and one sort", async () => {
    const { client, state } = fakeClient("acct-a", ALL);
    const tables = getProcessState().tables;
    const first = await pageOf(client, request("amount", 1));
    const second = await pageOf(client, request("amount", 2));
    const last = await pageOf(client, request("amount", 10));
    expect(state.loads).toBe(1);
    expect(tables.sorts).toBe(1);
    expect(tables.builds).toBe(1);
    // The order is the whole range's, page after page.
    const expected = [...ALL].sort((a, b) => b.amountTransaction - a.amountTransaction || b.purchaseId - a.purchaseId).map((p) => String(p.purchaseId));
    expect([...first.items, ...second.items].map((r) => r.id)).toEqual(expected.slice(0, 100));
    expect(last.items.map((r) => r.id)).toEqual(expected.slice(450, 500));
    expect(first.total).toBe(500);
  });

  it("sorts again for another key or direction, not for a page of one already sorted", async () => {
    const { client, state } = fakeClient("acct-b", ALL);
    const tables = getProcessState().tables;
    await pageOf(client, request("amount", 1));
    await pageOf(client, request("amount", 1, "asc"));
    await pageOf(client, request("product", 3));
    await pageOf(client, request("amount", 4, "asc"));
    expect(tables.sorts).toBe(3);
    expect(state.loads).toBe(1);
  });

  it("builds a new index when a day was fetched again or would be", async () => {
    const { client, state } = fakeClient("acct-c", ALL.slice(0, 100));
    const tables = getProcessState().tables;
    expect((await pageOf(client, request("amount", 1))).total).toBe(100);
    // A day of the range refetched (today's refresh): new stamps, new records.
    state.stamp = 2000;
    state.records = ALL.slice(0, 120);
    expect((await pageOf(client, request("amount", 2))).total).toBe(120);
    expect(state.loads).toBe(2);
    expect(tables.sorts).toBe(2);
    // A day no longer fresh: the range is loaded (and fetched) again before any page.
    state.stale = true;
    state.records = ALL.slice(0, 130);
    expect((await pageOf(client, request("amount", 2))).total).toBe(130);
    expect(state.loads).toBe(3);
    expect(tables.builds).toBe(3);
  });

  it("keeps accounts, filters and assumed currencies apart", async () => {
    const a = fakeClient("acct-d", ALL);
    const b = fakeClient("acct-e", ALL.slice(0, 10));
    await pageOf(a.client, request("amount", 1));
    expect((await pageOf(b.client, request("amount", 1))).total).toBe(10);
    const filtered = parseReportParams({ from: FROM, to: TO, product: "Product 1" }).params;
    const snapshot = await purchasesSnapshot(a.client, "creator", filtered);
    expect(snapshot.entry.data.records.every((p) => p.productName === "Product 1")).toBe(true);
    expect(a.state.loads).toBe(2);
    expect(getProcessState().tables.builds).toBe(3);
  });

  it("never holds more than its bound", async () => {
    const tables = new TableIndexCache({ maxUnits: 1_000, maxEntries: 3 });
    getProcessState().tables = tables;
    for (let i = 0; i < 6; i++) await pageOf(fakeClient(`acct-bound-${i}`, ALL.slice(0, 100)).client, request("amount", 1));
    expect(tables.size).toBe(3);
    // 500 records and one order: 1,000 units, one entry alone fills the bound.
    await pageOf(fakeClient("acct-big", ALL).client, request("amount", 1));
    expect(tables.size).toBeLessThanOrEqual(1);
  });

  it("answers customer details only for the table's own rows", async () => {
    const { client } = fakeClient("acct-f", ALL.slice(0, 50));
    const details = await getCustomerDetails(client, "creator", "purchases", params, ["3", "7", "999", "__proto__"]);
    expect(details).toEqual({ "3": { customer: "Customer 3", email: "c3@example.com" }, "7": { customer: "Customer 7", email: "c7@example.com" } });
    // Filtered out of the report: not answered.
    const filtered = parseReportParams({ from: FROM, to: TO, product: "Product 1" }).params;
    expect(await getCustomerDetails(client, "creator", "purchases", filtered, ["3", "8"])).toEqual({ "8": { customer: "Customer 8", email: "c8@example.com" } });
  });

  it("masks the rows it pages", async () => {
    const { client } = fakeClient("acct-g", ALL.slice(0, 50));
    const page = await pageOf(client, request("createdAt", 1));
    expect(JSON.stringify(page)).not.toMatch(/Customer \d|"c\d+@/);
    expect(readTableRequest(new URLSearchParams("reveal=1"), ["createdAt"] as const, "createdAt")).not.toHaveProperty("reveal");
  });
});

describe("sortedOrder", () => {
  it("reads each record's value once, not once a comparison", () => {
    let reads = 0;
    const records = Array.from({ length: 1000 }, (_, i) => ({ v: (i * 7919) % 1000 }));
    const order = sortedOrder(records, (r) => (reads++, r.v), (_r, i) => i, "asc");
    expect(reads).toBe(1000);
    expect([...order].map((i) => records[i]!.v)).toEqual([...records].map((r) => r.v).sort((a, b) => a - b));
  });
});
