import { describe, expect, it } from "vitest";
import { assumeCurrency, inferCurrencies, isUnknownCurrency, tallyByOffer, withAssumedCurrency } from "@/lib/analytics/assumed-currency";
import { attachRates, breakdowns, fundsAvailability } from "@/lib/analytics/breakdowns";
import { dimensionKeys, type Dimension } from "@/lib/analytics/dimensions";
import { inLocalRange } from "@/lib/analytics/local-days";
import { offerChoicesOf } from "@/lib/analytics/offer-choices";
import { PURCHASE_SUMMARY, summarizePurchases, type PurchaseSummary } from "@/lib/analytics/purchase-summary";
import { mergeSummaries, mergeSummariesInSlices, missingCurrencyByOffer, offerCurrencies } from "@/lib/analytics/purchase-summary-merge";
import { summaryAffiliateKpis, summaryAttachRates, summaryBreakdowns, summaryCreatorKpis, summaryDataDays, summaryDimensionKeys, summaryFunds, summaryOfferChoices, SummaryInexactError, summarySeries } from "@/lib/analytics/purchase-summary-views";
import { affiliateKpis, creatorKpis } from "@/lib/analytics/revenue-kpis";
import { revenueSeries, type Granularity } from "@/lib/analytics/time-buckets";
import type { Purchase } from "@/lib/sales-api";
import { groundTruth } from "../../sandbox/ground-truth";

// The summaries must give exactly what the record functions give for the same records: each
// record set below is summarised per UTC day (as the mirror stores it), merged newest day
// first, and every figure compared with the record function's, for both key types.

const NOW = Date.parse("2026-06-15T12:00:00Z");
const DIMENSIONS: Dimension[] = ["product", "offer", "purchaseType", "paymentMethod", "psp", "cardBrand", "country", "affiliate"];

/** Records with the shapes the field notes warn about: no currency, no orderId, no availability date, an order over two days. */
function oddly(records: Purchase[]): Purchase[] {
  return records.map((p, i) => {
    if (i % 97 === 0) return { ...p, currency: undefined } as unknown as Purchase;
    if (i % 89 === 0) return { ...p, orderId: null };
    if (i % 83 === 0) return { ...p, incomingAvailableAt: null };
    if (i === 50) return { ...p, orderId: records[10]!.orderId, purchaseType: "upsell" };
    return p;
  });
}

function purchasesOf(account: "creator" | "affiliate", from: string, to: string): Purchase[] {
  return oddly(groundTruth({ now: NOW }, account, "purchases", from, to) as unknown as Purchase[]);
}

/** One summary per UTC day of checkoutInitializedAt, newest day first, as the mirror keeps them. */
function daySummaries(records: readonly Purchase[], fetchedAt = NOW): PurchaseSummary[] {
  const byDay = new Map<string, Purchase[]>();
  for (const p of records) {
    const day = p.checkoutInitializedAt.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), p]);
  }
  return [...byDay.keys()].sort().reverse().map((day) => PURCHASE_SUMMARY.of(byDay.get(day)!, { fetchedAt }));
}

describe("purchase summaries against the record functions", () => {
  const creator = purchasesOf("creator", "2026-02-01", "2026-06-16");
  const affiliate = purchasesOf("affiliate", "2026-02-01", "2026-06-16");
  // The account's setting places records without a currency as the record functions' fallback does.
  const fallback = assumeCurrency("brl");
  const options = { fallbackCurrency: "brl" };

  it("has the shapes it is meant to test", () => {
    expect(creator.length).toBeGreaterThan(5000);
    expect(affiliate.length).toBeGreaterThan(100);
    expect(creator.some((p) => !p.currency)).toBe(true);
    expect(new Set(creator.map((p) => p.currency).filter(Boolean)).size).toBeGreaterThan(1);
  });

  it("merges in slices to the same summary as in one go, two merges at once included", async () => {
    const days = daySummaries(creator);
    const [sliced, other] = await Promise.all([mergeSummariesInSlices(days, fallback), mergeSummariesInSlices(daySummaries(affiliate), fallback)]);
    expect(sliced).toEqual(mergeSummaries(days, fallback));
    expect(other).toEqual(mergeSummaries(daySummaries(affiliate), fallback));
    expect(sliced.currencies.reduce((n, c) => n + c.orders, 0)).toBeGreaterThan(1000);
  });

  it("gives the same KPIs, per currency, for a creator and an affiliate", () => {
    expect(summaryCreatorKpis(mergeSummaries(daySummaries(creator), fallback))).toEqual(creatorKpis(creator, options));
    expect(summaryAffiliateKpis(mergeSummaries(daySummaries(affiliate), fallback))).toEqual(affiliateKpis(affiliate, options));
  });

  it("counts an order whose purchases fall on two days once, as the records do", () => {
    const [a, b] = creator.filter((p) => p.orderId != null && p.purchaseType === "front").slice(0, 2);
    const split = [{ ...a!, checkoutInitializedAt: "2026-03-01T23:59:00Z" }, { ...a!, purchaseId: -1, purchaseType: "order_bump", checkoutInitializedAt: "2026-03-02T00:01:00Z" }, b!];
    const merged = mergeSummaries(daySummaries(split), fallback);
    expect(daySummaries(split).length).toBeGreaterThanOrEqual(2);
    expect(summaryCreatorKpis(merged)).toEqual(creatorKpis(split, options));
    expect(summaryAttachRates(merged)).toEqual(attachRates(split, options));
  });

  it("gives the same series in any zone and granularity", () => {
    const cases: Array<[string, string, string, Granularity]> = [
      ["2026-02-01", "2026-06-15", "UTC", "day"],
      ["2026-02-03", "2026-06-14", "America/Sao_Paulo", "week"],
      ["2026-02-01", "2026-05-31", "Asia/Kathmandu", "month"],
      ["2026-03-28", "2026-03-29", "Europe/Berlin", "hour"],
      ["2026-06-14", "2026-06-15", "Australia/Eucla", "hour"],
    ];
    for (const [from, to, timeZone, granularity] of cases) {
      const shown = creator.filter((p) => inLocalRange(p.checkoutInitializedAt, from, to, timeZone));
      const merged = mergeSummaries(daySummaries(shown), fallback);
      for (const value of ["transaction", "affiliation"] as const) {
        const expected = revenueSeries(shown, { ...options, from, to, granularity, timeZone, value: (p) => (value === "transaction" ? p.amountTransaction : p.amountAffiliation), dateOf: (p) => p.checkoutInitializedAt });
        expect(summarySeries(merged, { from, to, granularity, timeZone, value }), `${timeZone} ${granularity} ${value}`).toEqual(expected);
      }
    }
  });

  it("gives the same breakdowns, offer labels included, and the same filter choices", () => {
    const merged = mergeSummaries(daySummaries(creator), fallback);
    expect(summaryBreakdowns(merged, DIMENSIONS, "transaction")).toEqual(breakdowns(creator, DIMENSIONS, (p) => p.amountTransaction, options));
    expect(summaryBreakdowns(merged, DIMENSIONS, "affiliation")).toEqual(breakdowns(creator, DIMENSIONS, (p) => p.amountAffiliation, options));
    for (const d of DIMENSIONS) expect(summaryDimensionKeys(merged, d)).toEqual([...new Set(creator.map((p) => dimensionKeys[d](p)))].sort());
  });

  it("gives the same Offer filter choices (names and products), and merging leaves the stored summaries as they were", () => {
    for (const records of [creator, affiliate]) {
      const days = daySummaries(records);
      const before = JSON.stringify(days);
      const merged = mergeSummaries(days, fallback);
      expect(summaryOfferChoices(merged)).toEqual(offerChoicesOf(records));
      // A second merge of the same days (a report opened again) must not see the first one's products.
      mergeSummaries(days, fallback);
      expect(JSON.stringify(days)).toBe(before);
    }
    expect(offerChoicesOf(creator).some((c) => c.label)).toBe(true);
  });

  it("gives the same attach rates", () => {
    expect(summaryAttachRates(mergeSummaries(daySummaries(creator), fallback))).toEqual(attachRates(creator, options));
  });

  it("gives the same funds schedule from the week of the fetch on, in any zone", () => {
    const merged = mergeSummaries(daySummaries(creator), fallback);
    for (const timeZone of ["UTC", "America/Sao_Paulo", "Asia/Tokyo"]) {
      for (const keyType of ["creator", "affiliate"] as const) {
        const fundsOptions = { keyType, fromDay: "2026-06-15", weeks: 8, timeZone };
        expect(summaryFunds(merged, fundsOptions), `${timeZone} ${keyType}`).toEqual(fundsAvailability(creator, { ...options, ...fundsOptions }));
      }
    }
  });

  it("refuses to place money its fold hides, rather than place it wrong", () => {
    // The stored summaries fold what was available nine days before the fetch: a schedule from
    // a month earlier cannot be told from them; the records can.
    const merged = mergeSummaries(daySummaries(creator), fallback);
    expect(() => summaryFunds(merged, { keyType: "creator", fromDay: "2026-05-15", weeks: 8, timeZone: "UTC" })).toThrow(SummaryInexactError);
    const unfolded = mergeSummaries([summarizePurchases(creator)], fallback);
    const fundsOptions = { keyType: "creator" as const, fromDay: "2026-05-15", weeks: 8, timeZone: "UTC" };
    expect(summaryFunds(unfolded, fundsOptions)).toEqual(fundsAvailability(creator, { ...options, ...fundsOptions }));
  });

  it("tells the same offers' currencies as the records, and names the days with data", () => {
    const summaries = daySummaries(creator);
    const fromRecords = inferCurrencies({ setting: null, catalog: null, records: creator });
    const fromSummaries = inferCurrencies({ setting: null, catalog: null, records: offerCurrencies(summaries) });
    expect(fromSummaries).toEqual(fromRecords);
    const placed = withAssumedCurrency(creator, fromRecords);
    expect(tallyByOffer(fromSummaries, missingCurrencyByOffer(summaries))).toEqual(placed.tally);
    expect([...missingCurrencyByOffer(summaries).values()].reduce((a, b) => a + b, 0)).toBe(creator.filter((p) => !p.currency).length);
    // Every record without a currency here is of an offer others carry: the same KPIs either way.
    expect(summaryCreatorKpis(mergeSummaries(summaries, fromSummaries))).toEqual(creatorKpis(placed.records, options));
    expect(summaryDataDays(mergeSummaries(summaries, fallback))).toEqual([...new Set(creator.map((p) => p.checkoutInitializedAt.slice(0, 10)))].sort());
  });

  it("keeps each offer's records of an unknown currency apart, never summed with another offer's", () => {
    const unknown = creator.map((p) => ({ ...p, currency: undefined }) as unknown as Purchase);
    const nothingTold = inferCurrencies({ setting: null, catalog: null, records: unknown });
    const merged = mergeSummaries(daySummaries(unknown), nothingTold);
    const offers = new Set(unknown.map((p) => p.offerCode));
    expect(merged.currencies.map((c) => c.currency).sort()).toEqual([...offers].map((o) => `unknown:${o}`).sort());
    expect(merged.currencies.every((c) => isUnknownCurrency(c.currency))).toBe(true);
    for (const c of merged.currencies) {
      const offer = c.currency.slice("unknown:".length);
      expect(c.purchases).toBe(unknown.filter((p) => p.offerCode === offer).length);
    }
  });

  it("keeps no customer data", () => {
    const text = JSON.stringify(daySummaries(creator));
    for (const p of creator.slice(0, 200)) {
      for (const value of [p.customerName, p.customerEmail, p.customerPhone, p.billingAddress1, p.billingCity, p.billingZipcode, p.cardLast4]) {
        if (value && value.length > 3) expect(text.includes(JSON.stringify(value))).toBe(false);
      }
    }
  });
});
