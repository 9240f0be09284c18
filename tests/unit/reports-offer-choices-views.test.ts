import { describe, expect, it } from "vitest";
import type { Scope } from "../../sandbox/data/dataset";
import type { SessionAccount } from "@/lib/auth/session-decision";
import { FILTER_KEYS, type ReportParams } from "@/lib/report-params/definitions";
import type { OfferChoice } from "@/lib/reports/offer-choices";
import { FILTERED_REPORTS } from "@/lib/reports/server/report-registry";
import type { KeyType } from "@/lib/sales-api";
import { sandboxClient } from "./sharing-sandbox-client";

// Every report with the Offer filter sends its offers' names and products, for exactly the
// offers the filter lists (no catalog beyond them), as the sandbox's records name them. UTC
// whole days, so the records of the range are the raw days' own.

const NOW = Date.parse("2026-06-15T12:00:00Z");
const RANGE = { from: "2026-06-01", to: "2026-06-10" };
const params = (filters: Partial<ReportParams["filters"]> = {}): ReportParams => ({
  ...RANGE, preset: null, compare: "none", dating: "sale", granularity: "day", tz: "UTC", currency: null,
  filters: { ...(Object.fromEntries(FILTER_KEYS.map((k) => [k, []])) as unknown as ReportParams["filters"]), ...filters },
});
const SCOPES: Record<KeyType, Scope> = { creator: { keyType: "creator", creatorNos: [1] }, affiliate: { keyType: "affiliate", creatorNos: [1], affiliateId: 7001 } };
const accountOf = (keyType: KeyType): SessionAccount => ({ label: "Test account", keyType, target: "production", vaultRef: "test" });

/** Each offer code of the raw records: the newest record's name and every product. */
function truth(records: Array<Record<string, unknown>>, dateField: string) {
  const sorted = [...records].sort((a, b) => String(b[dateField]).localeCompare(String(a[dateField])));
  const offers = new Map<string, { name: string; products: Set<string> }>();
  for (const r of sorted) {
    const code = String(r.offerCode || "none");
    const offer = offers.get(code) ?? { name: String(r.offerName ?? ""), products: new Set<string>() };
    offers.set(code, offer);
    offer.products.add(String(r.productName || "none"));
  }
  return offers;
}

const CASES = [
  { report: "revenue", keyType: "creator", resource: "purchases", date: "checkoutInitializedAt" },
  { report: "revenue", keyType: "affiliate", resource: "purchases", date: "checkoutInitializedAt" },
  { report: "orders", keyType: "creator", resource: "orders", date: "checkoutInitializedAt" },
  { report: "refunds", keyType: "creator", resource: "purchases", date: "checkoutInitializedAt" },
  { report: "abandonment", keyType: "creator", resource: "abandoned-carts", date: "sessionInitializedAt" },
] as const;

describe("the offers each report sends for its Offer filter", () => {
  for (const c of CASES) {
    it(`${c.report} (${c.keyType}): every listed offer by name under its products, and no other`, async () => {
      const client = sandboxClient(SCOPES[c.keyType], NOW, `offers-${c.report}-${c.keyType}`);
      const view = (await FILTERED_REPORTS[c.report].build(client, accountOf(c.keyType), params(), {})) as unknown as { offers: OfferChoice[]; filterOptions?: { offer?: string[] }; byOffer?: Array<{ key: string }> };
      const listed = view.filterOptions?.offer ?? view.byOffer!.map((r) => r.key);
      const raw = client.raw(c.resource, { from: RANGE.from, to: "2026-06-11" }).filter((r) => String(r[c.date]) >= RANGE.from && String(r[c.date]) < "2026-06-11");
      const offers = truth(raw, c.date);
      expect(offers.size).toBeGreaterThan(1);
      expect(view.offers.map((o) => o.code).sort()).toEqual([...listed].sort());
      expect(view.offers.map((o) => o.code).sort()).toEqual([...offers.keys()].sort());
      const names = [...offers].filter(([code, o]) => o.name && o.name !== code).map(([, o]) => o.name);
      for (const offer of view.offers) {
        const t = offers.get(offer.code)!;
        const words = !t.name || t.name === offer.code ? undefined : names.filter((n) => n === t.name).length > 1 ? `${t.name} (${offer.code})` : t.name;
        expect(offer.label, offer.code).toBe(words);
        expect(offer.products, offer.code).toEqual([...t.products].sort());
      }
    });
  }

  it("revenue filtered by a product still offers every product's offers (the choices are the range's, before filtering)", async () => {
    const client = sandboxClient(SCOPES.creator, NOW, "offers-revenue-filtered");
    const all = (await FILTERED_REPORTS.revenue.build(client, accountOf("creator"), params(), {})) as unknown as { offers: OfferChoice[] };
    const product = all.offers[0]!.products[0]!;
    const filtered = (await FILTERED_REPORTS.revenue.build(client, accountOf("creator"), params({ product: [product] }), {})) as unknown as { offers: OfferChoice[] };
    expect(filtered.offers).toEqual(all.offers);
    expect(new Set(filtered.offers.flatMap((o) => o.products)).size).toBeGreaterThan(1);
  });
});
