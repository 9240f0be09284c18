// Issue #10 point 14: the Abandonment report, its table and its CSV placed a cart in the
// currency its offer was last sold in; an offer sold in two currencies leaves its carts unknown.
import { Deadline } from "@/lib/sales-api/deadline";
import { describe, expect, it } from "vitest";
import { cartCurrencyResolver } from "@/lib/analytics/abandonment-currency";
import { FILTER_KEYS, type ReportParams } from "@/lib/report-params/definitions";
import { loadAbandonmentRecords } from "@/lib/reports/server/abandonment-records";
import { buildAbandonmentView } from "@/lib/reports/server/abandonment-report";
import { carts } from "./analytics-abandonment-fixture";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

const at = "2026-06-03T10:00:00Z";
// OB sells in brl and in usd (brl last, and the catalog also says brl); OU only in usd.
const purchases = [
  { purchaseId: 1, checkoutId: "k1", purchaseType: "front", offerCode: "OB", currency: "usd", checkoutInitializedAt: at },
  { purchaseId: 2, checkoutId: "k2", purchaseType: "front", offerCode: "OU", currency: "usd", checkoutInitializedAt: at },
  { purchaseId: 3, checkoutId: "k3", purchaseType: "front", offerCode: "OB", currency: "brl", checkoutInitializedAt: at },
];

function fakeClient(catalog: Array<Record<string, unknown>> | null | "never", sales: Array<Record<string, unknown>> = purchases): MirroredClient {
  const report = (resource: string): RangeReport => ({ resource, from: "2026-06-01", to: "2026-06-08", windows: [], requests: 1, retries: 0, tokenExchanges: 0, cacheHits: 0, incompleteDays: [], invalidRecords: [], oddShapeRecords: 0, unfetchedDays: [], complete: true, fetchedAt: [] }) as RangeReport;
  const client = {
    identity: "test",
    fetchRange: async (resource: string) => ({ records: resource === "abandoned-carts" ? carts : resource === "purchases" ? sales : [], report: report(resource) }),
    // The client's own answer when the upstream has no catalog (404): "not available", no error.
    fetchCatalog: async () => {
      if (catalog === "never") return new Promise(() => {}); // an upstream that never answers
      return catalog ? { available: true, records: catalog, truncated: false } : { available: false, records: [], truncated: false };
    },
    probeKeyType: async () => "creator" as const,
    reportDeadline: () => new Deadline(60_000),
  };
  return client as unknown as MirroredClient;
}

const params: ReportParams = {
  from: "2026-06-01", to: "2026-06-08", preset: null, compare: "none", dating: "sale", granularity: "day", tz: "UTC", currency: null,
  filters: Object.fromEntries(FILTER_KEYS.map((k) => [k, []])) as unknown as ReportParams["filters"],
};

describe("a cart's currency in the Abandonment report, table and CSV", () => {
  it.each([["without a catalog", null], ["with a catalog naming one currency", [{ offerCode: "OB", currency: "BRL" }, { offerCode: "OU", currency: "usd" }]]] as const)("leaves the carts of an offer sold in two currencies unknown, %s", async (_, catalog) => {
    const data = await loadAbandonmentRecords(fakeClient(catalog ? [...catalog] : null), params);
    const resolve = cartCurrencyResolver({ currencyOf: data.currencyOf });
    // Unknown per offer (issue #24): OB's and OX's carts may be in two currencies, never one sum.
    expect(resolve({ offerCode: "OB" })).toBe("unknown:OB");
    expect(resolve({ offerCode: "OU" })).toBe("usd");
    expect(resolve({ offerCode: "OX" })).toBe("unknown:OX");

    const view = await buildAbandonmentView(fakeClient(catalog ? [...catalog] : null), params);
    const byCurrency = Object.fromEntries(view.kpis.map((k) => [k.currency, k.items.find((i) => i.key === "abandonedCarts")?.value]));
    const count = (offers: string[]) => carts.filter((c) => offers.includes(String(c.offerCode))).length;
    expect(byCurrency.usd).toBe(count(["OU"]));
    expect(byCurrency["unknown:OB"]).toBe(count(["OB"]));
    expect(byCurrency["unknown:OX"]).toBe(count(["OX"]));
    expect(byCurrency.unknown).toBeUndefined();
    expect(byCurrency.brl ?? 0).toBe(0); // a brl group may list the brl sale, but no cart
  });
});

describe("the optional offers catalog within the report's deadline", () => {
  it("is given up when the report's deadline passes: the report goes on with what purchases tell", async () => {
    const data = await loadAbandonmentRecords(fakeClient("never"), params, { deadline: new Deadline(50) });
    const resolve = cartCurrencyResolver({ currencyOf: data.currencyOf });
    expect(resolve({ offerCode: "OU" })).toBe("usd");
    expect(resolve({ offerCode: "OB" })).toBe("unknown:OB");
  });

  it("is not asked for at all once the deadline has passed", async () => {
    const deadline = new Deadline(0);
    await new Promise((r) => setTimeout(r, 10));
    let asked = 0;
    const client = fakeClient(null);
    const counting = { ...client, fetchCatalog: async (name: "offers" | "products") => (asked++, client.fetchCatalog(name)) } as MirroredClient;
    await loadAbandonmentRecords(counting, params, { deadline });
    expect(asked).toBe(0);
  });
});

describe("purchases without a currency in the Abandonment report", () => {
  it("counts them in their offer's currency, as other sales of the offer carry it, with their offers' carts, and says so", async () => {
    const sales = [...purchases, { purchaseId: 4, checkoutId: "k4", purchaseType: "front", offerCode: "OU", checkoutInitializedAt: at }];
    const view = await buildAbandonmentView(fakeClient(null, sales), params);
    expect(view.quality.missingCurrency).toBe(1);
    expect(view.quality.assumedCurrency).toMatchObject({ currency: "unknown", source: "none", tally: { sameOffer: 1, catalog: 0, setting: 0, unknown: 0, inferredIn: ["usd"] } });
    // OU's carts stay usd: the purchase without a currency did not make its offer two-currency.
    const byCurrency = Object.fromEntries(view.kpis.map((k) => [k.currency, k.items.find((i) => i.key === "abandonedCarts")?.value]));
    expect(byCurrency.usd).toBe(carts.filter((c) => c.offerCode === "OU").length);
  });

  it("without any, the note speaks of the carts whose currency cannot be told", async () => {
    const view = await buildAbandonmentView(fakeClient(null), params);
    expect(view.quality.assumedCurrency).toMatchObject({ currency: "unknown", source: "none" });
    expect(view.quality.missingCurrency).toBe(carts.filter((c) => c.offerCode !== "OU").length);
  });
});
