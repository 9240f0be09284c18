import { describe, expect, it } from "vitest";
import { assumeCurrency, inferCurrencies } from "@/lib/analytics/assumed-currency";
import { summarizePurchases } from "@/lib/analytics/purchase-summary";
import { missingCurrencyByOffer, offerCurrencies } from "@/lib/analytics/purchase-summary-merge";
import { offerCurrenciesOfDays, offerCurrenciesOfRange } from "@/lib/query/purchase-currency-query";
import { purchaseChoices } from "@/lib/query/purchase-choice-query";
import { purchaseFilterKeys } from "@/lib/analytics/filters";
import { inLocalRange } from "@/lib/analytics/local-days";
import { offerChoicesOf } from "@/lib/analytics/offer-choices";
import { FILTER_KEYS } from "@/lib/report-params/definitions";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { queryPurchases } from "@/lib/query/purchase-query";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { FACT_DAY, factDayStoreBehaviour, type StoreBackend } from "./fact-day-store-behaviour";
import { filledBackendPurchaseFacts } from "./filled-purchase-facts";
import { NOW, purchaseDays, recordEngine, type OracleQuery } from "./purchase-facts-fixture";
import { mostCommon } from "./views-from-facts";

// What lib/query relies on from a purchases fact store: a day's rows replaced as one, accounts
// kept apart (fact-day-store-behaviour.ts), and aggregates that give the record engine's figures
// to the cent. Every back-end runs the same suite: SQLite in tests/unit, PostgreSQL in tests/backends.

export type PurchaseFactBackend = StoreBackend<PurchaseFactStore>;

export function purchaseFactStoreBehaviour(name: string, backend: PurchaseFactBackend): void {
  factDayStoreBehaviour(name, backend, {
    rows: () => purchaseDays("creator").get(FACT_DAY)!.map(purchaseFactRow),
    count: async (store, account) => {
      const { kpis } = await queryPurchases(store, account, { from: FACT_DAY, to: FACT_DAY, timeZone: "UTC", granularity: "day", keyType: "creator", filters: {}, currency: assumeCurrency("brl") });
      return kpis.creator.reduce((sum, k) => sum + k.purchases, 0);
    },
    broken: (rows) => rows.map((r, i) => (i === 3 ? { ...r, dims: { ...r.dims, product: null as unknown as string } } : r)),
  });

  describe(`${name}: the record engine's figures`, () => {
    const facts = filledBackendPurchaseFacts(backend);

    const all = (keyType: "creator" | "affiliate") => [...purchaseDays(keyType).values()].flat();
    const same = async (account: string, query: OracleQuery) => {
      const answer = await queryPurchases(facts.store, account, query);
      expect(answer.kpis.creator.length).toBeGreaterThan(0);
      expect(answer).toEqual(await recordEngine(query));
    };

    it("without filters, per local day in São Paulo, records without a currency in the setting's", async () => {
      await same("creator", { from: "2026-02-21", to: "2026-06-13", timeZone: "America/Sao_Paulo", granularity: "day", keyType: "creator", filters: {}, currency: assumeCurrency("brl") });
    });

    it("per hour over New York's spring-forward day (23 hours), filtered to purchases without a product", async () => {
      await same("creator", { from: "2026-03-07", to: "2026-03-09", timeZone: "America/New_York", granularity: "hour", keyType: "creator", filters: { product: ["none"] }, currency: assumeCurrency("brl") });
    });

    it("per week in London across its clock change, filtered by payment method and a card brand's 'none'", async () => {
      const method = mostCommon(all("creator").map((p) => p.paymentMethod || "none"));
      await same("creator", { from: "2026-03-02", to: "2026-04-30", timeZone: "Europe/London", granularity: "week", keyType: "creator", filters: { method: [method], brand: ["none", "visa"] }, currency: assumeCurrency("brl") });
    });

    it("per month on Lord Howe (a half-hour clock change), one offer, offers' currencies told by their records, else 'unknown' per offer", async () => {
      const records = all("creator");
      const offer = mostCommon(records.map((p) => p.offerCode || "none"));
      const currency = inferCurrencies({ setting: null, catalog: null, records });
      await same("creator", { from: "2026-03-01", to: "2026-05-31", timeZone: "Australia/Lord_Howe", granularity: "month", keyType: "creator", filters: { offer: [offer] }, currency });
      await same("creator", { from: "2026-03-01", to: "2026-05-31", timeZone: "Australia/Lord_Howe", granularity: "day", keyType: "creator", filters: {}, currency: assumeCurrency(null) });
    });

    it("per day in Kathmandu (+05:45), purchases without an affiliate, one product", async () => {
      const product = mostCommon(all("creator").map((p) => p.productName || "none"));
      await same("creator", { from: "2026-04-01", to: "2026-04-30", timeZone: "Asia/Kathmandu", granularity: "day", keyType: "creator", filters: { affiliate: ["none"], product: [product, "none"] }, currency: assumeCurrency("usd") });
    });

    it("an affiliate key's commission, per day in St John's (-03:30, a clock change), and a range past the held days", async () => {
      await same("affiliate", { from: "2026-03-01", to: "2026-03-31", timeZone: "America/St_Johns", granularity: "day", keyType: "affiliate", filters: {}, currency: assumeCurrency(null) });
      await same("affiliate", { from: "2026-06-01", to: "2026-06-30", timeZone: "UTC", granularity: "week", keyType: "affiliate", filters: { country: ["none", "BR", "br"] }, currency: assumeCurrency("brl") });
    });

    it("nothing for a filter no record matches, as the record engine", async () => {
      const query: OracleQuery = { from: "2026-03-01", to: "2026-03-31", timeZone: "UTC", granularity: "day", keyType: "creator", filters: { product: ["no such product"] }, currency: assumeCurrency("brl") };
      const answer = await queryPurchases(facts.store, "creator", query);
      expect(answer).toEqual({ kpis: { creator: [], affiliate: [] }, series: [], attach: [] });
      expect(answer).toEqual(await recordEngine(query));
    });

    it("the currency decision's inputs of a run of UTC days, as the days' summaries give them", async () => {
      const pairs = (list: ReadonlyArray<{ offerCode: string; currency: string }>) => list.map((p) => `${p.currency}|${p.offerCode}`).sort();
      for (const [keyType, days] of [["creator", { from: "2026-02-21", to: "2026-06-13" }], ["affiliate", { from: "2026-05-01", to: "2026-05-31" }], ["creator", { from: "2020-01-01", to: "2020-01-31" }]] as const) {
        const summaries = [...purchaseDays(keyType)].filter(([day]) => day >= days.from && day <= days.to).map(([, records]) => summarizePurchases(records));
        const answer = await offerCurrenciesOfDays(facts.store, keyType, days);
        expect(pairs(answer.offered)).toEqual(pairs(offerCurrencies(summaries)));
        expect(answer.missing).toEqual(missingCurrencyByOffer(summaries));
        if (days.from === "2026-02-21") {
          // The fixture's records without a currency, with an offer and without one, are there to be placed.
          expect(answer.missing.size).toBeGreaterThan(1);
          expect(answer.missing.has("")).toBe(true);
          expect(answer.offered.length).toBeGreaterThan(answer.missing.size);
        }
      }
    });

    it("the filter bar's choices and the currency decision's inputs of a local range, as the range's records give them", async () => {
      const pairs = (list: ReadonlyArray<{ offerCode: string; currency: string }>) => list.map((p) => `${p.currency}|${p.offerCode}`).sort();
      const ranges = [
        ["creator", { from: "2026-02-21", to: "2026-06-13", timeZone: "America/Sao_Paulo" }],
        ["affiliate", { from: "2026-05-01", to: "2026-05-31", timeZone: "Asia/Kathmandu" }],
        ["creator", { from: "2026-03-08", to: "2026-03-08", timeZone: "America/New_York" }],
        ["creator", { from: "2020-01-01", to: "2020-01-31", timeZone: "UTC" }],
      ] as const;
      for (const [keyType, range] of ranges) {
        // The records' order: newest day first, a day as the API sends it.
        const records = [...purchaseDays(keyType)]
          .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
          .flatMap(([, day]) => day)
          .filter((p) => inLocalRange(p.checkoutInitializedAt, range.from, range.to, range.timeZone));
        if (range.from !== "2020-01-01") expect(records.length).toBeGreaterThan(0);
        const choices = await purchaseChoices(facts.store, keyType, range);
        expect(choices.filterOptions).toEqual(Object.fromEntries(FILTER_KEYS.map((key) => [key, purchaseFilterKeys(records, key)])));
        expect(choices.offers).toEqual(offerChoicesOf(records));
        const summary = [summarizePurchases(records)];
        expect(pairs(choices.currencies.offered)).toEqual(pairs(offerCurrencies(summary)));
        expect(choices.currencies.missing).toEqual(missingCurrencyByOffer(summary));
        expect(await offerCurrenciesOfRange(facts.store, keyType, range)).toEqual(choices.currencies);
      }
    });

    it("names each offer of the choices as its first row in the records' order does: the newest day's, that day's first", async () => {
      const account = "offer-names";
      const base = purchaseDays("creator").get(FACT_DAY)!.map(purchaseFactRow).slice(0, 2);
      const named = (day: string, firstId: number, names: readonly string[]) =>
        names.map((offerName, i) => ({ ...base[i]!, purchaseId: firstId + i, createdAt: Date.parse(`${day}T12:00:00Z`) + i, offerName, dims: { ...base[i]!.dims, offer: "NAMED" } }));
      try {
        await facts.store.replaceDay(account, "2026-03-02", NOW, named("2026-03-02", 900_001, ["Older day"]));
        await facts.store.replaceDay(account, "2026-03-03", NOW, named("2026-03-03", 900_011, ["Newest day, first row", "Newest day, second row"]));
        const { offers } = await purchaseChoices(facts.store, account, { from: "2026-03-02", to: "2026-03-03", timeZone: "UTC" });
        expect(offers.find((o) => o.code === "NAMED")?.label).toBe("Newest day, first row");
      } finally {
        await facts.store.forget(account);
      }
    });
  });
}
