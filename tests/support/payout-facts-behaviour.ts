// The payout calendar from the purchases fact table against the records' calendar, on the
// sandbox's own purchases (purchase-facts-fixture.ts) with refund and chargeback records of some
// of those sales: the store's payoutSales gives the records' columns, and the view made from the
// table is the records' view, for both key types, past, current and future months, several
// zones; a history day the table lacks (or holds from another fetch) sends the report to the
// records. SQLite runs it in tests/unit (in its worker thread), PostgreSQL in tests/backends.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { payoutColumnsOfRecords } from "@/lib/analytics/payout-sales";
import { currencyPlan } from "@/lib/query/range-plan";
import { payoutHistory, payoutMonthBounds, shiftMonth } from "@/lib/reports/payouts-month";
import { buildPayoutsView, loadFundsDue, loadPayoutPurchases } from "@/lib/reports/server/payouts-report";
import { OPEN_DAYS } from "@/lib/reports/server/payouts-facts";
import { shiftDay } from "@/lib/calendar";
import { overviewWindows } from "@/lib/reports/overview-windows";
import { buildOverviewView } from "@/lib/reports/server/overview-report";
import type { GenericRecord, KeyType } from "@/lib/sales-api";
import type { PayoutsView } from "@/lib/reports/payouts-view";
import type { OverviewView } from "@/lib/reports/overview-view";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { halvesOf } from "@/lib/store/postgres/payout-day-texts";
import type { Purchase } from "@/lib/records/purchase";
import { fillFactStore, FIRST_DAY, heldDaysClient, LAST_DAY, NOW, purchaseDays, utcDays } from "./purchase-facts-fixture";
import { withStore } from "./fact-day-store-behaviour";
import type { RangeReport, RangeOptions } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export interface PayoutFactBackend {
  /** A store on a new, empty back-end. */
  open(): Promise<PurchaseFactStore>;
}

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");

/** Refunds and chargebacks of some held sales: dated, undated, partial, whole, alerts, disputes won (with and without a resolution date), one naming no sale. */
function lossRecords(keyType: KeyType): { refunds: GenericRecord[]; chargebacks: GenericRecord[] } {
  const refunds: GenericRecord[] = [];
  const chargebacks: GenericRecord[] = [];
  for (const p of [...purchaseDays(keyType).values()].flat()) {
    const id = p.purchaseId;
    const at = Date.parse(p.checkoutInitializedAt) + (id % 40) * DAY_MS;
    if ((p.amountRefunded ?? 0) > 0 || id % 9 === 0) {
      refunds.push({ refundId: id * 10, purchaseId: id, ...(id % 4 === 0 ? {} : { amount: Math.max(1, Math.round((p.amountTransaction ?? 0) * 0.5 * 100) / 100) }), ...(id % 10 === 3 ? {} : { requestedAt: iso(at) }) });
    }
    if (id % 11 === 0 || id % 17 === 0) {
      const kind = id % 3 === 0 ? "alert" : "chargeback";
      const status = id % 2 === 0 ? "won" : "open";
      chargebacks.push({ chargebackId: id * 10, purchaseId: id % 5 === 0 ? String(id) : id, kind, status, requestedAt: iso(at + DAY_MS), ...(id % 4 === 0 ? { resolvedAt: iso(at + 20 * DAY_MS) } : {}) });
    }
  }
  chargebacks.push({ chargebackId: 1, kind: "chargeback", status: "open", requestedAt: iso(NOW - 5 * DAY_MS) });
  return { refunds, chargebacks };
}

/** The held days' client (heldDaysClient) that also answers the loss records, and counts the purchase records it hands out. */
function payoutsClient(keyType: KeyType) {
  const purchases = heldDaysClient(keyType);
  const losses = lossRecords(keyType);
  const opened = { records: 0 };
  const client = {
    ...purchases,
    fetchRange: async (resource: string, window: { from: string; to: string }, options?: RangeOptions) => {
      if (resource === "purchases") {
        const answer = await (purchases.fetchRange as (...args: unknown[]) => Promise<{ records: unknown[] }>)(resource, window, options);
        opened.records += answer.records.length;
        return answer;
      }
      const report = {
        resource, from: window.from, to: window.to, windows: [], requests: 0, retries: 0, tokenExchanges: 0, cacheHits: 0,
        incompleteDays: [], invalidRecords: [], oddShapeRecords: 0, unfetchedDays: [], complete: true, fetchedAt: [[window.from, NOW]],
      } as unknown as RangeReport;
      return { records: losses[resource as "refunds" | "chargebacks"], digests: new Map(), report };
    },
  } as unknown as MirroredClient;
  return { client, opened };
}

/** The store, counting its payoutSales calls. */
function counted(store: PurchaseFactStore) {
  const calls = { payoutSales: 0, refundGroups: 0, fundsDue: 0 };
  const wrapped = new Proxy(store, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (key === "payoutSales") calls.payoutSales++;
      if (key === "refundGroups") calls.refundGroups++;
      if (key === "fundsDue") calls.fundsDue++;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { store: wrapped, calls };
}

/** The client with `moved` stored again on `day` too (as the upstream may send a sale twice), as the table holds it. */
function movedInto(client: MirroredClient, day: string, moved: unknown): MirroredClient {
  return {
    ...client,
    fetchRange: async (resource: string, window: { from: string; to: string }, options?: RangeOptions) => {
      const answer = (await (client.fetchRange as (...args: unknown[]) => Promise<{ records: unknown[]; digests: Map<string, unknown> }>)(resource, window, options));
      if (resource !== "purchases" || day < window.from || day > window.to || options?.digest) return answer;
      // Newest day first: the moved copy stands with its day's records, before the older days'.
      const at = answer.records.findIndex((r) => (r as { purchaseId: number }).purchaseId === (moved as { purchaseId: number }).purchaseId);
      const records = answer.records.filter((_, i) => i !== at);
      return { ...answer, records: [moved, ...records] };
    },
  } as unknown as MirroredClient;
}

/** The earliest "now" the property draws: every history from it to NOW is held. */
const EARLIEST_NOW = Date.parse("2026-03-01T00:00:00Z");

/** Every day of the histories from EARLIEST_NOW to NOW held: the sandbox's days, and the others stored empty (as the mirror stores a day without sales). */
async function fillHistory(store: PurchaseFactStore, keyType: KeyType): Promise<void> {
  await fillFactStore(store, keyType, keyType);
  const held = new Set(utcDays(FIRST_DAY, LAST_DAY));
  // Through the day after the history's last: a local range ending today reaches it west of UTC (the Overview's).
  const after = new Date(Date.parse(`${payoutHistory(new Date(NOW)).to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  for (const day of utcDays(payoutHistory(new Date(EARLIEST_NOW)).from, after)) if (!held.has(day)) await store.replaceDay(keyType, day, NOW, []);
}

/** The view as the browser receives it, without the instant it was computed at (the wall clock, one call after the other). */
const comparable = (view: PayoutsView | OverviewView): unknown => JSON.parse(JSON.stringify(view, (key, value: unknown) => (key === "computedAt" ? 0 : value)));

const REQUESTS: Array<{ month: string | null; tz: string }> = [
  { month: "2026-03", tz: "UTC" },
  { month: "2026-04", tz: "America/Sao_Paulo" },
  { month: null, tz: "Asia/Kolkata" },
  { month: null, tz: "Pacific/Auckland" },
  { month: "2026-07", tz: "America/New_York" },
];

export function payoutFactsBehaviour(name: string, backend: PayoutFactBackend): void {
  describe(`${name}: the payout calendar from the purchases fact table`, () => {
    for (const keyType of ["creator", "affiliate"] as const) {
      it(`${keyType}: payoutSales answers the records' columns, their currency placed as the records' assumption places it`, async () => {
        const store = await backend.open();
        try {
          await fillHistory(store, keyType);
          const { client } = payoutsClient(keyType);
          const now = new Date(NOW);
          const records = await loadPayoutPurchases(client, now);
          const expected = payoutColumnsOfRecords(records.purchases);
          const answer = await store.payoutSales(keyType, payoutHistory(now), currencyPlan(records.currency));
          expect(expected.length).toBeGreaterThan(1000);
          // Records without a currency, an availability date, a product are among them.
          expect(records.assumedCurrencyRecords).toBeGreaterThan(0);
          expect(answer).toEqual(expected);
          // A range whose halves both hold rows (PostgreSQL reads the halves of its days without a kept text side by side): its
          // days newest first, each day's sales in stored order, as reading each day alone gives them.
          const plan = currencyPlan(records.currency);
          const days = utcDays(FIRST_DAY, LAST_DAY).sort().reverse();
          const ofDays = await Promise.all(days.map((day) => store.payoutSales(keyType, { from: day, to: day }, plan)));
          const ofRange = await store.payoutSales(keyType, { from: FIRST_DAY, to: LAST_DAY }, plan);
          // Both halves PostgreSQL reads apart hold rows.
          for (const half of halvesOf(days)) expect(ofDays.some((c, i) => c.length > 0 && half.includes(days[i]!))).toBe(true);
          expect(Array.from(ofRange.purchaseId)).toEqual(ofDays.flatMap((c) => Array.from(c.purchaseId)));
          expect(Array.from(ofRange.soldMs)).toEqual(ofDays.flatMap((c) => Array.from(c.soldMs)));
          // Another account's rows are not its.
          expect((await store.payoutSales("nobody", payoutHistory(now), currencyPlan(records.currency))).length).toBe(0);
        } finally {
          await store.close();
        }
      });

      it(`${keyType}: the view from the table is the records' view (months past, current and next; zones), and opens no purchase record`, async () => {
        const store = await backend.open();
        try {
          await fillHistory(store, keyType);
          // One store across the requests, as the app's: the history's closed days are read on the first only (kept in the view's worker), its newest days on each.
          const { store: spied, calls } = counted(store);
          for (const [i, { month, tz }] of REQUESTS.entries()) {
            const request = { now: new Date(NOW), month, tz };
            const fromRecords = await buildPayoutsView(payoutsClient(keyType).client, keyType, request);
            const { client, opened } = payoutsClient(keyType);
            const read = calls.payoutSales;
            const fromTable = await buildPayoutsView(client, keyType, request, { facts: spied });
            expect(calls.payoutSales - read).toBe(i === 0 ? 2 : 1);
            expect(opened.records).toBe(0);
            expect(comparable(fromTable)).toEqual(comparable(fromRecords));
            if (month !== "2026-07") expect(fromRecords.currencies.some((c) => c.totals.sales > 0)).toBe(true);
            // The risk model, its back-test and the assumed currencies are all in play.
            expect(fromRecords.model.applied).toBe(true);
            expect(fromRecords.backtest.months.length).toBeGreaterThan(0);
            expect(fromRecords.currencies.some((c) => c.currency.startsWith("unknown"))).toBe(true);
          }
        } finally {
          await store.close();
        }
      });
    }

    it("texts a row may hold (a product with a comma, a newline, a quote or an emoji; a sale instant in another shape, unreadable, or empty; a currency with a comma) come back as the records' columns", withStore(backend, async (store) => {
      const [day, sales] = [...purchaseDays("creator")].at(-2)!;
      const odd: Array<Partial<Purchase>> = [
        { productName: "Bread, butter\nand \"jam\" 🍞 x" },
        { productName: "x41" },
        { purchaseCreatedAt: "2026-05-30T10:11:12.345+02:00" },
        { purchaseCreatedAt: "tomorrow, maybe\n" },
        { purchaseCreatedAt: "" },
        { purchaseCreatedAt: "2026-02-30T10:11:12Z" },
        { currency: "US,D" },
        { currency: "ÉUR" },
        { incomingAvailableAt: null, checkoutInitializedAt: "" },
        { purchaseCreatedAt: "", checkoutInitializedAt: "" },
      ];
      // Every sale with a currency of its own, so that the records' columns need no assumption placed.
      const records = sales.map((p, i) => ({ ...p, currency: p.currency || "BRL", ...(odd[i] ?? {}) }) as Purchase);
      const { purchaseFactRow } = await import("@/lib/query/purchase-facts");
      await store.replaceDay("creator", day, NOW, records.map(purchaseFactRow));
      const answer = await store.payoutSales("creator", { from: day, to: day }, currencyPlan(undefined));
      expect(records.length).toBeGreaterThan(odd.length);
      expect(answer).toEqual(payoutColumnsOfRecords(records));
      expect(answer.products).toContain("Bread, butter\nand \"jam\" 🍞 x");
      expect(answer.currencies).toContain("US,D");
    }));

    it("the Overview's funds: what falls due in a window, summed by the table (each purchase once, its currency placed), is the records' sum; no purchase record is opened", async () => {
      for (const keyType of ["creator", "affiliate"] as const) {
        const store = await backend.open();
        try {
          await fillHistory(store, keyType);
          const now = new Date(NOW);
          // A sale stored again on a later day with another availability: its newest copy is the one that counts.
          const [day, sales] = [...purchaseDays(keyType)].at(-3)!;
          const moved = { ...sales[0]!, incomingAvailableAt: new Date(NOW + 3 * DAY_MS).toISOString() };
          const { purchaseFactRow } = await import("@/lib/query/purchase-facts");
          const later = [...purchaseDays(keyType).keys()].at(-1)!;
          expect(later > day).toBe(true);
          await store.replaceDay(keyType, later, NOW, [...purchaseDays(keyType).get(later)!, moved].map(purchaseFactRow));
          const withMoved = (client: MirroredClient) => movedInto(client, later, moved);
          for (const days of [1, 7, 14, 45]) {
            const window = { fromMs: NOW - 20 * DAY_MS, toMs: NOW + days * DAY_MS };
            const fromRecords = await loadFundsDue(withMoved(payoutsClient(keyType).client), keyType, now, window);
            const { client, opened } = payoutsClient(keyType);
            const { store: spied, calls } = counted(store);
            const fromTable = await loadFundsDue(withMoved(client), keyType, now, window, { facts: spied });
            expect(calls.fundsDue).toBe(1);
            expect(calls.payoutSales).toBe(0);
            expect(opened.records).toBe(0);
            expect(fromRecords.funds.some((d) => d.count > 0)).toBe(true);
            expect(fromTable.funds).toEqual(fromRecords.funds);
          }
        } finally {
          await store.close();
        }
      }
    });

    it("the Overview reads its funds and its refund rates from the table: one fundsDue, both periods' refund sums, and the view the records give", async () => {
      const store = await backend.open();
      try {
        await fillHistory(store, "affiliate");
        const windows = overviewWindows(new Date(NOW), "America/Sao_Paulo");
        const fromRecords = await buildOverviewView(payoutsClient("affiliate").client, "affiliate", windows);
        const { store: spied, calls } = counted(store);
        const fromTable = await buildOverviewView(payoutsClient("affiliate").client, "affiliate", windows, { facts: spied });
        expect(calls.fundsDue).toBe(1);
        expect(calls.refundGroups).toBe(2);
        expect(fromRecords.funds.some((f) => f.count > 0)).toBe(true);
        expect(fromRecords.rates.some((r) => r.items.some((i) => i.key === "refundRateCount" && (i.value ?? 0) > 0))).toBe(true);
        expect(comparable(fromTable)).toEqual(comparable(fromRecords));
      } finally {
        await store.close();
      }
    });

    it("property: for a drawn now (minute), zone, month and key type, the view from the table is the records' view", async () => {
      const stores = { creator: await backend.open(), affiliate: await backend.open() };
      try {
        await fillHistory(stores.creator, "creator");
        await fillHistory(stores.affiliate, "affiliate");
        const zones = ["UTC", "America/Sao_Paulo", "Europe/Lisbon", "Asia/Kolkata", "Pacific/Chatham", "America/St_Johns"];
        const cases = fc.record({
          keyType: fc.constantFrom("creator" as const, "affiliate" as const),
          minute: fc.integer({ min: 0, max: Math.floor((NOW - EARLIEST_NOW) / 60_000) }),
          tz: fc.constantFrom(...zones),
          month: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
        });
        await fc.assert(
          fc.asyncProperty(cases, async ({ keyType, minute, tz, month }) => {
            const now = new Date(EARLIEST_NOW + minute * 60_000);
            const bounds = payoutMonthBounds(now, tz);
            // A month between the history's first and the one after today's (the route's bounds), counted back from the last.
            let shown: string | null = null;
            if (month !== null) for (shown = bounds.last; month > 0 && shown > bounds.first; month--) shown = shiftMonth(shown, -1);
            const request = { now, month: shown, tz };
            const fromRecords = await buildPayoutsView(payoutsClient(keyType).client, keyType, request);
            const { client, opened } = payoutsClient(keyType);
            const { store, calls } = counted(stores[keyType]);
            const fromTable = await buildPayoutsView(client, keyType, request, { facts: store });
            // A store wrapped anew keeps nothing: the newest days and the closed days.
            expect(calls.payoutSales).toBe(2);
            expect(opened.records).toBe(0);
            expect(comparable(fromTable)).toEqual(comparable(fromRecords));
          }),
          { numRuns: 12 },
        );
      } finally {
        await stores.creator.close();
        await stores.affiliate.close();
      }
    });

    it("a sale of a closed day stored again on one of the newest days counts once, as its newest copy says: the records' view, read in two ranges", withStore(backend, async (store) => {
      await fillHistory(store, "creator");
      const now = new Date(NOW);
      const cut = shiftDay(payoutHistory(now).to, -OPEN_DAYS);
      const [, sales] = [...purchaseDays("creator")].filter(([day]) => day <= cut).at(-1)!;
      const later = [...purchaseDays("creator").keys()].at(-1)!;
      expect(later > cut).toBe(true);
      // Available within the shown month: the newest copy's availability is the one placed.
      const moved = { ...sales[0]!, incomingAvailableAt: new Date(NOW + DAY_MS).toISOString() };
      const { purchaseFactRow } = await import("@/lib/query/purchase-facts");
      await store.replaceDay("creator", later, NOW, [...purchaseDays("creator").get(later)!, moved].map(purchaseFactRow));
      const request = { now, month: null, tz: "UTC" };
      const fromRecords = await buildPayoutsView(movedInto(payoutsClient("creator").client, later, moved), "creator", request);
      const { store: spied, calls } = counted(store);
      for (const reads of [2, 1]) {
        const before = calls.payoutSales;
        const fromTable = await buildPayoutsView(movedInto(payoutsClient("creator").client, later, moved), "creator", request, { facts: spied });
        expect(calls.payoutSales - before).toBe(reads);
        expect(comparable(fromTable)).toEqual(comparable(fromRecords));
      }
    }));

    it("a history day the table holds from another fetch, or lacks, sends the calendar to the records: the same view", async () => {
      const store = await backend.open();
      try {
        await fillHistory(store, "creator");
        const request = { now: new Date(NOW), month: "2026-05", tz: "Europe/Lisbon" };
        const fromRecords = await buildPayoutsView(payoutsClient("creator").client, "creator", request);
        const day = purchaseDays("creator").get("2026-04-01")!;
        const { purchaseFactRow } = await import("@/lib/query/purchase-facts");
        await store.replaceDay("creator", "2026-04-01", NOW - 1, day.map(purchaseFactRow));
        const stale = payoutsClient("creator");
        const spied = counted(store);
        expect(comparable(await buildPayoutsView(stale.client, "creator", request, { facts: spied.store }))).toEqual(comparable(fromRecords));
        expect(spied.calls.payoutSales).toBe(0);
        expect(stale.opened.records).toBeGreaterThan(0);
      } finally {
        await store.close();
      }
    });
  });
}
