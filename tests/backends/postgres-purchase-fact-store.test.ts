import pg from "pg";
import { describe, expect, it } from "vitest";
import { PostgresPurchaseFactStore, PURCHASE_FACTS } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { refundGroupsOf, refundStatements, saleOf, salesOfStatement, type RefundCellRecord, type RefundLabelRecord, type RefundSumRecord, type SaleRecord } from "@/lib/store/refund-fact-sql";
import { salesOfColumns } from "@/lib/store/fact-sale-columns";
import { affiliateGroupsOf, affiliateStatements, offerCurrencyOf, offerCurrencyStatement, pageCountStatement, type AffiliateOrderRecord, type AffiliateSumRecord, type OfferCurrencyRecord } from "@/lib/store/purchase-fact-sql";
import { FACT_SUMS, type FactAffiliateGroups, type FactOfferCurrency, type FactRefundGroups, type PurchaseFactPlan, type PurchaseFactRow } from "@/lib/store/purchase-fact-store";
import { purchasePlan } from "@/lib/query/purchase-query";
import { purchaseSummaryFromFacts } from "@/lib/query/purchase-summary-query";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { purchaseChoices } from "@/lib/query/purchase-choice-query";
import type { LocalRange } from "@/lib/query/purchase-currency-query";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { fillFactStore, NOW, purchaseDays } from "../support/purchase-facts-fixture";
import { holdsToRecordEngine } from "../support/purchase-query-property";
import { purchaseFactStoreBehaviour } from "../support/purchase-fact-store-behaviour";
import { schemaOfFile } from "../support/postgres-test-schema";

// The purchases fact table on PostgreSQL: the same suite as SQLite's, each store on a pool of
// its own (an instance), then what only a shared database adds.
const db = schemaOfFile(["salesdash_purchase_facts", "salesdash_purchase_fact_days"]);

purchaseFactStoreBehaviour("PostgresPurchaseFactStore", db.backend((url, options) => new PostgresPurchaseFactStore(url, options)));

describe("PostgresPurchaseFactStore in a shared database", () => {
  it("writes a day of more rows than one statement takes parameters for", async () => {
    const store = new PostgresPurchaseFactStore(await db.emptied());
    const one = purchaseFactRow(purchaseDays("creator").get("2026-03-10")![0]!);
    const rows = Array.from({ length: 5000 }, (_, i) => ({ ...one, purchaseId: i + 1 }));
    await store.replaceDay("acct", "2026-03-10", NOW, rows);
    const { rows: counted } = await db.schema.pool.query<{ n: string }>("SELECT COUNT(*) AS n FROM salesdash_purchase_facts WHERE account = 'acct'");
    expect(Number(counted[0]!.n)).toBe(5000);
    expect(await store.readDayMeta("acct", ["2026-03-10", "2026-03-11", "2026-03-10"])).toEqual([
      { day: "2026-03-10", fetchedAt: NOW, count: 5000 },
      { day: "2026-03-10", fetchedAt: NOW, count: 5000 },
    ]);
  });

  it("fills a summary's selection in a plan free to read the table in parallel workers, and plans what reads the selection as before", async () => {
    const store = new PostgresPurchaseFactStore(await db.emptied());
    await fillFactStore(store, "acct", "creator");
    // Each statement with the connection that ran it: the read's own are one transaction's.
    const sent: Array<{ client: object; text: string }> = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: Parameters<pg.Client["query"]>) {
      const first: unknown = args[0];
      sent.push({ client: this, text: typeof first === "string" ? first : String((first as { text?: unknown }).text) });
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      await purchaseSummaryFromFacts(store, "acct", { from: "2026-03-01", to: "2026-03-31", timeZone: "UTC", filters: { product: ["Bread"] }, currency: assumeCurrency(null) });
    } finally {
      pg.Client.prototype.query = query;
    }
    const fill = sent.findIndex((s) => s.text.startsWith("CREATE TEMP TABLE purchase_selection"));
    expect(fill).toBeGreaterThan(0);
    const read = sent.filter((s) => s.client === sent[fill]!.client).map((s) => s.text);
    const at = read.indexOf(sent[fill]!.text);
    expect(read.slice(at - 1, at + 2).map((text) => text.replace(/ AS SELECT .*/s, ""))).toEqual(["SET LOCAL parallel_tuple_cost = 0", "CREATE TEMP TABLE purchase_selection ON COMMIT DROP", "SET LOCAL parallel_tuple_cost TO DEFAULT"]);
    expect(read.slice(at + 2).filter((text) => text.includes("FROM purchase_selection")).length).toBeGreaterThanOrEqual(4);
  });

  it("keeps with each day how many of its purchases a later write found stored on another day (repeats)", async () => {
    const store = new PostgresPurchaseFactStore(await db.emptied());
    const one = purchaseFactRow(purchaseDays("creator").get("2026-03-10")![0]!);
    const purchase = (purchaseId: number) => ({ ...one, purchaseId });
    await store.replaceDay("acct", "2026-03-10", NOW, [purchase(1), purchase(2)]);
    await store.replaceDay("acct", "2026-03-11", NOW, [purchase(2), purchase(3)]);
    await store.replaceDay("other", "2026-03-11", NOW, [purchase(1)]);
    const { rows } = await db.schema.pool.query<{ account: string; day: string; repeats: number }>("SELECT account, day, repeats FROM salesdash_purchase_fact_days ORDER BY account, day");
    expect(rows).toEqual([
      { account: "acct", day: "2026-03-10", repeats: 0 },
      { account: "acct", day: "2026-03-11", repeats: 1 },
      { account: "other", day: "2026-03-11", repeats: 0 },
    ]);
  });

  it("keeps with each day how many of its front purchases share their checkout with another front purchase (checkout_repeats), and forgets it when an older writer writes the day again", async () => {
    const pool = await db.emptied();
    const store = new PostgresPurchaseFactStore(pool);
    const one = purchaseFactRow(purchaseDays("creator").get("2026-03-10")![0]!);
    const purchase = (purchaseId: number, checkoutId: string | null, purchaseType = "front") => ({ ...one, purchaseId, checkout: { ...one.checkout, checkoutId }, dims: { ...one.dims, purchaseType } });
    const marks = async () =>
      Object.fromEntries((await pool.query<{ day: string; checkout_repeats: number | null }>("SELECT day, checkout_repeats FROM salesdash_purchase_fact_days WHERE account = 'acct' ORDER BY day")).rows.map((r) => [r.day, r.checkout_repeats]));
    // Another account's front purchase of c1, an upsell of c2, and fronts without a checkout ("" or none) share nothing.
    await store.replaceDay("other", "2026-03-09", NOW, [purchase(90, "c1")]);
    await store.replaceDay("acct", "2026-03-10", NOW, [purchase(1, "c1"), purchase(2, "c2"), purchase(3, "c2", "upsell"), purchase(4, ""), purchase(5, ""), purchase(6, null), purchase(7, null)]);
    await store.replaceDay("acct", "2026-03-11", NOW, [purchase(8, "c3")]);
    expect(await marks()).toEqual({ "2026-03-10": 0, "2026-03-11": 0 });
    // c1's second front purchase on a later day: that write counts it; c4 twice on one day: both.
    await store.replaceDay("acct", "2026-03-12", NOW, [purchase(9, "c1"), purchase(10, "c4"), purchase(11, "c4")]);
    expect(await marks()).toEqual({ "2026-03-10": 0, "2026-03-11": 0, "2026-03-12": 3 });
    // The day stored again without them: none shares there any more.
    await store.replaceDay("acct", "2026-03-12", NOW + 1, [purchase(12, "c5")]);
    expect((await marks())["2026-03-12"]).toBe(0);
    // An instance older than migration 0020 writes the day's mark again for another fetch: its count is forgotten.
    await pool.query(
      `INSERT INTO salesdash_purchase_fact_days (account, day, fetched_at, count) VALUES ('acct', '2026-03-12', $1, 1)
       ON CONFLICT (account, day) DO UPDATE SET fetched_at = EXCLUDED.fetched_at, count = EXCLUDED.count`,
      [NOW + 2],
    );
    expect((await marks())["2026-03-12"]).toBeNull();
  });

  it("reads the currency decision's counts from the days' tallies, and from the rows where a day has none or a range of instants cuts it", async () => {
    const pool = await db.emptied();
    const one = purchaseFactRow(purchaseDays("creator").get("2026-03-10")![0]!);
    const at = (day: string, hour: number) => Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000;
    const purchase = (purchaseId: number, currency: string, offer: string, createdAt: number | null): PurchaseFactRow =>
      currency ? { ...one, purchaseId, createdAt, currency, currencyOffer: "", dims: { ...one.dims, offer } } : { ...one, purchaseId, createdAt, currency: "", currencyOffer: offer, dims: { ...one.dims, offer: "none" } };
    const writer = new PostgresPurchaseFactStore(pool);
    await writer.replaceDay("acct", "2026-03-10", NOW, [purchase(1, "brl", "A", at("2026-03-10", 1)), purchase(2, "brl", "A", at("2026-03-10", 20)), purchase(3, "", "B", at("2026-03-10", 5))]);
    await writer.replaceDay("acct", "2026-03-11", NOW, [purchase(4, "usd", "C", at("2026-03-11", 3)), purchase(5, "", "", at("2026-03-11", 4))]);
    await writer.replaceDay("acct", "2026-03-12", NOW, [purchase(6, "brl", "A", at("2026-03-12", 2)), purchase(7, "brl", "A", null)]);
    await writer.replaceDay("acct", "2026-03-13", NOW, []);
    await writer.replaceDay("other", "2026-03-11", NOW, [purchase(8, "eur", "D", at("2026-03-11", 3))]);
    const sorted = (list: readonly FactOfferCurrency[]) => [...list].sort((a, b) => JSON.stringify([a.currency, a.offer]).localeCompare(JSON.stringify([b.currency, b.offer])));
    const rows = async (days: { from: string; to: string }, instants?: { fromMs: number; toMs: number }) =>
      sorted((await pool.query<OfferCurrencyRecord>({ text: offerCurrencyStatement("postgres", PURCHASE_FACTS, "acct", days, instants).text, values: offerCurrencyStatement("postgres", PURCHASE_FACTS, "acct", days, instants).args })).rows.map(offerCurrencyOf));
    // A store of its own each time: none keeps an answer read before a mark was changed by hand.
    const answer = async (days: { from: string; to: string }, instants?: { fromMs: number; toMs: number }) => sorted(await new PostgresPurchaseFactStore(pool).offerCurrencies("acct", days, instants));
    const all = { from: "2026-03-01", to: "2026-03-31" };
    const cases: Array<[{ from: string; to: string }, { fromMs: number; toMs: number }?]> = [
      [all],
      [{ from: "2026-03-11", to: "2026-03-11" }],
      [all, { fromMs: at("2026-03-10", 0), toMs: at("2026-03-14", 0) }],
      [all, { fromMs: at("2026-03-10", 3), toMs: at("2026-03-11", 4) }],
      [all, { fromMs: at("2026-03-12", 0), toMs: at("2026-03-13", 0) }],
      [all, { fromMs: at("2026-04-01", 0), toMs: at("2026-04-02", 0) }],
    ];
    for (const [days, instants] of cases) expect(await answer(days, instants)).toEqual(await rows(days, instants));
    expect(await answer(all)).toEqual([
      { currency: "", offer: "", purchases: 1 },
      { currency: "", offer: "B", purchases: 1 },
      { currency: "brl", offer: "A", purchases: 4 },
      { currency: "usd", offer: "C", purchases: 1 },
    ]);

    // The tallies are what is read: the 11th's said by hand to hold three purchases of C.
    const tallies = async (day: string) => (await pool.query<{ tallies: string }>("SELECT tallies FROM salesdash_purchase_fact_days WHERE account = 'acct' AND day = $1", [day])).rows[0]!.tallies;
    const told = JSON.parse(await tallies("2026-03-11")) as { offers: Array<[string, string, number]> };
    told.offers = told.offers.map(([currency, offer, n]) => [currency, offer, offer === "C" ? 3 : n]);
    await pool.query("UPDATE salesdash_purchase_fact_days SET tallies = $1 WHERE account = 'acct' AND day = '2026-03-11'", [JSON.stringify(told)]);
    expect((await answer(all)).find((c) => c.offer === "C")?.purchases).toBe(3);
    // The filter bar's choices likewise: a product said by hand to be sold on the 10th is offered,
    // but not for a range whose instants cut the 10th (São Paulo's days start at 03:00 UTC), read from its rows.
    const ten = JSON.parse(await tallies("2026-03-10")) as { values: Array<[number, string]> };
    ten.values.push([0, "Phantom product"]);
    await pool.query("UPDATE salesdash_purchase_fact_days SET tallies = $1 WHERE account = 'acct' AND day = '2026-03-10'", [JSON.stringify(ten)]);
    const products = async (range: LocalRange) => (await purchaseChoices(new PostgresPurchaseFactStore(pool), "acct", range)).filterOptions.product;
    expect(await products({ from: "2026-03-01", to: "2026-03-31", timeZone: "UTC" })).toContain("Phantom product");
    expect(await products({ from: "2026-03-10", to: "2026-03-31", timeZone: "America/Sao_Paulo" })).toEqual([one.dims.product]);
    // ... and the counts for a range of instants that cuts the day, whose rows are counted.
    expect(await answer(all, { fromMs: at("2026-03-10", 0), toMs: at("2026-03-11", 4) })).toEqual(await rows(all, { fromMs: at("2026-03-10", 0), toMs: at("2026-03-11", 4) }));
    // A mark written again by an instance older than the tallies (a new fetched_at, the old text): the rows are counted.
    await pool.query("UPDATE salesdash_purchase_fact_days SET fetched_at = fetched_at + 1 WHERE account = 'acct' AND day = '2026-03-11'");
    expect(await answer(all)).toEqual(await rows(all));
    // A day without tallies likewise; and a day written again is tallied again.
    await pool.query("UPDATE salesdash_purchase_fact_days SET tallies = NULL WHERE account = 'acct' AND day = '2026-03-12'");
    expect(await answer(all)).toEqual(await rows(all));
    await writer.replaceDay("acct", "2026-03-11", NOW + 5, [purchase(4, "usd", "C", at("2026-03-11", 3))]);
    await writer.replaceDay("acct", "2026-03-12", NOW + 5, [purchase(6, "brl", "A", at("2026-03-12", 2))]);
    const d = one.dims;
    expect(JSON.parse(await tallies("2026-03-11"))).toEqual({
      at: NOW + 5,
      offers: [["usd", "C", 1]],
      values: [[0, d.product], [1, "C"], [2, d.purchaseType], [3, d.paymentMethod], [4, d.psp], [5, d.cardBrand], [6, d.country], [7, d.affiliate]],
      pairs: [["C", d.product]],
      lo: at("2026-03-11", 3),
      hi: at("2026-03-11", 3),
      none: 0,
    });
    expect(await answer(all)).toEqual([
      { currency: "", offer: "B", purchases: 1 },
      { currency: "brl", offer: "A", purchases: 3 },
      { currency: "usd", offer: "C", purchases: 1 },
    ]);
  });

  it("reads the Affiliates leaderboard's and the Refunds report's sums, and the purchases table's count, from the days' sales sums and marks where the plan has no filter, and from the rows where a day has none or the range's instants cut it", async () => {
    const pool = await db.emptied();
    const one = purchaseFactRow(purchaseDays("creator").get("2026-03-10")![0]!);
    const at = (day: string, hour: number) => Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000;
    // Each sale 100.00 + its id in cents, 70.00 + its id net, a 20.00 commission.
    type Over = Partial<Pick<PurchaseFactRow, "currency" | "currencyOffer" | "orderId">> & { refunded?: number };
    const sale = (purchaseId: number, affiliate: string, createdAt: number | null, { refunded = 0, ...over }: Over = {}, dims: Partial<PurchaseFactRow["dims"]> = {}): PurchaseFactRow => ({
      ...one, purchaseId, createdAt, currency: "usd", currencyOffer: "", orderId: purchaseId, ...over,
      sums: FACT_SUMS.map((k) => ({ transaction: 10_000 + purchaseId, creatorNet: 7_000 + purchaseId, affiliation: 2_000, refunded })[k as string] ?? 0),
      dims: { ...one.dims, affiliate, purchaseType: "front", ...dims },
    });
    const writer = new PostgresPurchaseFactStore(pool);
    // Ana and Bob on several days, in dollars, in reais, without a currency (placed by offer B's, or unknown for offer Z's), refunded, a front without an order, an upsell; a sale without an instant; another account's.
    await writer.replaceDay("acct", "2026-03-10", NOW, [sale(1, "Ana", at("2026-03-10", 1)), sale(2, "Ana", at("2026-03-10", 20), { refunded: 500 }), sale(3, "Bob", at("2026-03-10", 5), { currency: "", currencyOffer: "B" }), sale(4, "none", at("2026-03-10", 6), { orderId: null })]);
    await writer.replaceDay("acct", "2026-03-11", NOW, [sale(5, "Ana", at("2026-03-11", 3), { currency: "brl" }), sale(6, "Bob", at("2026-03-11", 4), { currency: "", currencyOffer: "Z" }), sale(7, "Ana", at("2026-03-11", 9), {}, { purchaseType: "upsell" })]);
    // Stored on the 12th, made on the 11th: its day of sale is the 11th.
    await writer.replaceDay("acct", "2026-03-12", NOW, [sale(8, "Ana", at("2026-03-12", 2), { orderId: null }), sale(9, "Ana", null), sale(10, "Bob", at("2026-03-11", 23))]);
    await writer.replaceDay("acct", "2026-03-13", NOW, []);
    await writer.replaceDay("other", "2026-03-11", NOW, [sale(11, "Ana", at("2026-03-11", 3))]);
    const plan = (from: string, to: string, timeZone = "UTC", filters: { product?: string[] } = {}): PurchaseFactPlan => ({
      ...purchasePlan({ from, to, timeZone, granularity: "day", keyType: "creator", filters, currency: assumeCurrency("brl") }).plan,
      currency: { offers: [["B", "eur"]], setting: null },
    });
    const sorted = (groups: FactAffiliateGroups) => ({ ...groups, sums: [...groups.sums].sort((a, b) => JSON.stringify([a.currency, a.affiliate]).localeCompare(JSON.stringify([b.currency, b.affiliate]))) });
    const query = async <T extends object>(statement: { text: string; args: unknown[] }) => (await pool.query<T>({ text: statement.text, values: statement.args })).rows;
    const rows = async (p: PurchaseFactPlan) => {
      const statements = affiliateStatements("postgres", PURCHASE_FACTS, "acct", p);
      return sorted(affiliateGroupsOf({ sums: await query<AffiliateSumRecord>(statements.sums), orders: await query<AffiliateOrderRecord>(statements.orders) }));
    };
    // A store of its own each time: none keeps an answer read before a mark was changed by hand.
    const answer = async (p: PurchaseFactPlan) => sorted(await new PostgresPurchaseFactStore(pool).affiliateGroups("acct", p));
    const refundRows = async (p: PurchaseFactPlan) => {
      const statements = refundStatements("postgres", PURCHASE_FACTS, "acct", p);
      return refundGroupsOf({ sums: await query<RefundSumRecord>(statements.sums), cells: await query<RefundCellRecord>(statements.cells), labels: await query<RefundLabelRecord>(statements.labels) });
    };
    // The cells and labels in any order: from the days' refund cells they come in another.
    const byJson = <T,>(list: T[]) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const bySum = (groups: FactRefundGroups) => ({ ...groups, sums: [...groups.sums].sort((a, b) => a.currency.localeCompare(b.currency)), cells: byJson(groups.cells), labels: byJson(groups.labels) });
    const refunds = async (p: PurchaseFactPlan) => bySum(await new PostgresPurchaseFactStore(pool).refundGroups("acct", p));
    // The table's count: the store's page against the rows' count.
    const pageOf = (p: PurchaseFactPlan) => ({ plan: p, sort: "createdAt" as const, dir: "desc" as const, page: 1, pageSize: 5, amount: "sale" as const });
    const total = async (p: PurchaseFactPlan) => (await new PostgresPurchaseFactStore(pool).purchasePage("acct", pageOf(p))).total;
    const counted = async (p: PurchaseFactPlan) => Number((await query<{ n: string }>(pageCountStatement("postgres", PURCHASE_FACTS, "acct", pageOf(p))))[0]!.n);
    const same = async (p: PurchaseFactPlan) => {
      expect(await answer(p)).toEqual(await rows(p));
      expect(await refunds(p)).toEqual(bySum(await refundRows(p)));
      expect(await total(p)).toBe(await counted(p));
    };
    const cases = [plan("2026-03-01", "2026-03-31"), plan("2026-03-10", "2026-03-11"), plan("2026-03-11", "2026-03-12", "America/Sao_Paulo"), plan("2026-03-10", "2026-03-12", "Asia/Tokyo"), plan("2026-03-12", "2026-03-12"), plan("2026-04-01", "2026-04-02"), plan("2026-03-01", "2026-03-31", "UTC", { product: [one.dims.product] })];
    for (const p of cases) await same(p);
    const all = plan("2026-03-01", "2026-03-31");
    const money = (ids: number[]) => ({ transaction: ids.reduce((t, id) => t + 10_000 + id, 0), creatorNet: ids.reduce((t, id) => t + 7_000 + id, 0), affiliation: 2_000 * ids.length });
    expect((await answer(all)).sums).toEqual([
      { currency: "brl", affiliate: "Ana", sales: 1, ...money([5]), refunded: 0, loneFronts: 0 },
      { currency: "eur", affiliate: "Bob", sales: 1, ...money([3]), refunded: 0, loneFronts: 0 },
      { currency: "unknown:Z", affiliate: "Bob", sales: 1, ...money([6]), refunded: 0, loneFronts: 0 },
      { currency: "usd", affiliate: "Ana", sales: 4, ...money([1, 2, 7, 8]), refunded: 1, loneFronts: 1 },
      { currency: "usd", affiliate: "Bob", sales: 1, ...money([10]), refunded: 0, loneFronts: 0 },
      { currency: "usd", affiliate: "none", sales: 1, ...money([4]), refunded: 0, loneFronts: 1 },
    ]);
    expect((await answer(all)).days).toEqual(["2026-03-10", "2026-03-11", "2026-03-12"]);
    expect((await refunds(all)).sums.find((r) => r.currency === "usd")).toEqual({ currency: "usd", sales: 6, transaction: 60_032, refunds: 1, full: 0, partial: 1, refunded: 500, commissionLost: 0 });

    // The sums are what is read: the 11th's said by hand to hold ten sales of Ana in reais.
    const sums = async (day: string) => (await pool.query<{ sales_sums: string }>("SELECT sales_sums FROM salesdash_purchase_fact_days WHERE account = 'acct' AND day = $1", [day])).rows[0]!.sales_sums;
    const told = JSON.parse(await sums("2026-03-11")) as { rows: Array<Array<string | number>> };
    told.rows = told.rows.map((r) => (r[0] === "brl" ? r.map((v, i) => (i === 4 ? 10 : v)) : r));
    await pool.query("UPDATE salesdash_purchase_fact_days SET sales_sums = $1 WHERE account = 'acct' AND day = '2026-03-11'", [JSON.stringify(told)]);
    expect((await answer(all)).sums.find((s) => s.currency === "brl")?.sales).toBe(10);
    expect((await refunds(all)).sums.find((s) => s.currency === "brl")?.sales).toBe(10);
    // Not for a range whose instants cut the 11th (New York's days start at 04:00 UTC: its sale in reais at 03:00 is outside), read from its rows; nor with a filter.
    const cut = plan("2026-03-11", "2026-03-12", "America/New_York");
    expect((await answer(cut)).sums.find((s) => s.currency === "brl")).toBeUndefined();
    expect((await refunds(cut)).sums.find((s) => s.currency === "brl")).toBeUndefined();
    for (const p of [cut, plan("2026-03-01", "2026-03-31", "UTC", { product: [one.dims.product] })]) await same(p);
    // The table's count is the marks': the 11th's said by hand to hold ten rows more; not where the range's instants cut it, nor with a filter.
    await pool.query("UPDATE salesdash_purchase_fact_days SET count = count + 10 WHERE account = 'acct' AND day = '2026-03-11'");
    expect(await total(all)).toBe((await counted(all)) + 10);
    expect(await total(cut)).toBe(await counted(cut));
    await pool.query("UPDATE salesdash_purchase_fact_days SET count = count - 10 WHERE account = 'acct' AND day = '2026-03-11'");
    // A mark written again by an instance older than the sums (a new fetched_at, the old text): the rows are read.
    await pool.query("UPDATE salesdash_purchase_fact_days SET fetched_at = fetched_at + 1 WHERE account = 'acct' AND day = '2026-03-11'");
    await same(all);
    // A day without sums likewise; and a day written again is summed again.
    await pool.query("UPDATE salesdash_purchase_fact_days SET sales_sums = NULL WHERE account = 'acct' AND day = '2026-03-12'");
    await same(all);
    await writer.replaceDay("acct", "2026-03-11", NOW + 5, [sale(5, "Ana", at("2026-03-11", 3), { currency: "brl" }), sale(6, "Bob", at("2026-03-11", 4), { currency: "", currencyOffer: "Z" })]);
    await writer.replaceDay("acct", "2026-03-12", NOW + 5, [sale(10, "Bob", at("2026-03-11", 23)), sale(12, "Bob", at("2026-03-12", 1), { refunded: 1, orderId: null })]);
    expect(JSON.parse(await sums("2026-03-12"))).toEqual({
      at: NOW + 5,
      lo: at("2026-03-11", 23),
      hi: at("2026-03-12", 1),
      none: 0,
      rows: [
        ["usd", "", "Bob", Date.parse("2026-03-11") / 86_400_000, 1, 10_010, 7_010, 2_000, 0, 0, 0, 0, 0, 0, 0],
        ["usd", "", "Bob", Date.parse("2026-03-12") / 86_400_000, 1, 10_012, 7_012, 2_000, 1, 1, 1, 0, 1, 1, 0],
      ],
    });
    await same(all);
    expect((await answer(all)).sums.find((s) => s.currency === "usd" && s.affiliate === "Bob")).toEqual({ currency: "usd", affiliate: "Bob", sales: 2, ...money([10, 12]), refunded: 1, loneFronts: 1 });
  });

  it("reads the Refunds report's cells and offer labels from the days' refund cells where the plan has no filter, the cut days' from their rows, and every day's rows where a day's cells are not of its fetch", async () => {
    const pool = await db.emptied();
    const one = purchaseFactRow(purchaseDays("creator").get("2026-03-10")![0]!);
    const at = (day: string, hour: number) => Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000;
    type Over = Partial<Pick<PurchaseFactRow, "currency" | "currencyOffer" | "offerName">> & { refunded?: number; lost?: number; offer?: string; psp?: string };
    // Each sale 100.00; refunded `refunded` cents, of them `lost` commission.
    const sale = (purchaseId: number, createdAt: number | null, { refunded = 0, lost = 0, offer = "O1", psp = "stripe", ...over }: Over = {}): PurchaseFactRow => ({
      ...one, purchaseId, createdAt, currency: "usd", currencyOffer: "", offerName: `Name ${purchaseId}`, ...over,
      sums: FACT_SUMS.map((k) => ({ transaction: 10_000, refunded, commissionLost: lost })[k as string] ?? 0),
      dims: { ...one.dims, offer, psp },
    });
    const writer = new PostgresPurchaseFactStore(pool);
    // Offer O1 refunded on every day under several names (none on the 12th's first row), O2 in reais, offer B without a currency (placed by the plan), offer Z unknown; a sale not refunded; another account's.
    await writer.replaceDay("acct", "2026-03-10", NOW, [sale(1, at("2026-03-10", 1), { refunded: 500, lost: 100 }), sale(2, at("2026-03-10", 2), { refunded: 10_000, lost: 2_000, psp: "pagarme" }), sale(3, at("2026-03-10", 3), { offerName: "Not refunded" })]);
    await writer.replaceDay("acct", "2026-03-11", NOW, [sale(4, at("2026-03-11", 3), { refunded: 700, currency: "brl", offer: "O2" }), sale(5, at("2026-03-11", 5), { refunded: 300 }), sale(6, at("2026-03-11", 6), { refunded: 1, currency: "", currencyOffer: "B", offer: "B" }), sale(7, at("2026-03-11", 7), { refunded: 2, currency: "", currencyOffer: "Z", offer: "Z" })]);
    await writer.replaceDay("acct", "2026-03-12", NOW, [sale(8, at("2026-03-12", 2), { refunded: 50, offerName: null }), sale(9, at("2026-03-12", 3), { refunded: 60 }), sale(10, at("2026-03-12", 10), { refunded: 70 })]);
    await writer.replaceDay("other", "2026-03-11", NOW, [sale(11, at("2026-03-11", 3), { refunded: 900, offerName: "Other account" })]);
    const plan = (from: string, to: string, timeZone = "UTC", filters: { psp?: string[] } = {}): PurchaseFactPlan => ({
      ...purchasePlan({ from, to, timeZone, granularity: "day", keyType: "creator", filters, currency: assumeCurrency("brl") }).plan,
      currency: { offers: [["B", "eur"]], setting: null },
    });
    const query = async <T extends object>(statement: { text: string; args: unknown[] }) => (await pool.query<T>({ text: statement.text, values: statement.args })).rows;
    const byJson = <T,>(list: T[]) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const ordered = (groups: FactRefundGroups) => ({ sums: byJson(groups.sums), cells: byJson(groups.cells), labels: byJson(groups.labels), days: groups.days });
    const rows = async (p: PurchaseFactPlan) => {
      const statements = refundStatements("postgres", PURCHASE_FACTS, "acct", p);
      return ordered(refundGroupsOf({ sums: await query<RefundSumRecord>(statements.sums), cells: await query<RefundCellRecord>(statements.cells), labels: await query<RefundLabelRecord>(statements.labels) }));
    };
    // A store of its own each time: none keeps an answer read before a mark was changed by hand.
    const answer = async (p: PurchaseFactPlan) => ordered(await new PostgresPurchaseFactStore(pool).refundGroups("acct", p));
    const label = async (p: PurchaseFactPlan, offer = "O1") => (await answer(p)).labels.find((l) => l.offer === offer)?.label;
    // New York's days start at 04:00 UTC, São Paulo's at 03:00: their ranges cut the 10th, 11th or 12th (read from their rows).
    const newYork = plan("2026-03-11", "2026-03-12", "America/New_York");
    const saoPaulo = plan("2026-03-10", "2026-03-11", "America/Sao_Paulo");
    const cases = [
      plan("2026-03-01", "2026-03-31"), plan("2026-03-10", "2026-03-11"), newYork, saoPaulo, plan("2026-03-10", "2026-03-12", "Asia/Tokyo"),
      plan("2026-03-11", "2026-03-11", "America/New_York"), plan("2026-03-11", "2026-03-11"), plan("2026-03-12", "2026-03-12"), plan("2026-04-01", "2026-04-02"), plan("2026-03-01", "2026-03-31", "UTC", { psp: ["stripe"] }),
    ];
    for (const p of cases) expect(await answer(p)).toEqual(await rows(p));
    const all = plan("2026-03-01", "2026-03-31");
    // The 12th's first row has no name: O1's label is none; O2's in reais, B's placed in euros, Z's unknown.
    expect((await answer(all)).labels).toEqual([
      { currency: "brl", offer: "O2", label: "Name 4" },
      { currency: "eur", offer: "B", label: "Name 6" },
      { currency: "unknown:Z", offer: "Z", label: "Name 7" },
      { currency: "usd", offer: "O1", label: null },
    ]);
    expect((await answer(all)).cells.filter((c) => c.currency === "usd" && c.dimension === "psp")).toEqual([
      { currency: "usd", dimension: "psp", key: "pagarme", sales: 1, refunded: 10_000, commissionLost: 2_000 },
      { currency: "usd", dimension: "psp", key: "stripe", sales: 5, refunded: 980, commissionLost: 100 },
    ]);
    expect(await label(saoPaulo)).toBeNull();
    expect(await label(plan("2026-03-10", "2026-03-11"))).toBe("Name 5");

    // The kept cells are what is read: the 11th's said by hand to hold ten refunded sales in reais and O1's first name there "Told", the 12th's "Told too".
    const kept = async (day: string) => (await pool.query<{ refund_at: string | null; refund_cells: string | null }>("SELECT refund_at, refund_cells FROM salesdash_purchase_fact_days WHERE account = 'acct' AND day = $1", [day])).rows[0]!;
    const tell = async (day: string, name: string, cells = (c: Array<string | number>) => c) => {
      const told = JSON.parse((await kept(day)).refund_cells!) as { cells: Array<Array<string | number>>; labels: string[][] };
      told.cells = told.cells.map(cells);
      told.labels = told.labels.map((l) => (l[2] === "O1" ? [...l.slice(0, 3), `${l[3]!.slice(0, 20)}1${name}`] : l));
      await pool.query("UPDATE salesdash_purchase_fact_days SET refund_cells = $1 WHERE account = 'acct' AND day = $2", [JSON.stringify(told), day]);
    };
    expect(JSON.parse((await kept("2026-03-11")).refund_cells!).labels.map(([currency, placing, offer]: string[]) => [currency, placing, offer])).toEqual([["", "B", "B"], ["", "Z", "Z"], ["brl", "", "O2"], ["usd", "", "O1"]]);
    await tell("2026-03-11", "Told", (c) => (c[0] === "brl" ? c.map((v, i) => (i === 7 ? 10 : v)) : c));
    expect((await answer(all)).cells.find((c) => c.currency === "brl" && c.dimension === "offer")?.sales).toBe(10);
    expect(await label(plan("2026-03-10", "2026-03-11"))).toBe("Told");
    // São Paulo's range reads the 11th's kept name and the 12th's rows: the newer day's first row (no name) labels O1.
    expect(await label(saoPaulo)).toBeNull();
    // New York's reads the 11th's rows and the 12th's kept name: the newer again.
    await tell("2026-03-12", "Told too");
    expect(await label(newYork)).toBe("Told too");
    expect(await label(all)).toBe("Told too");
    // A filter reads the rows.
    expect((await answer(plan("2026-03-01", "2026-03-31", "UTC", { psp: ["stripe", "pagarme"] }))).cells.find((c) => c.currency === "brl" && c.dimension === "offer")?.sales).toBe(1);
    // The 11th's cells of an older fetch than its mark's, its sales sums current (an instance older than the cells wrote the day again), the 12th's none: a range with either reads every day's rows.
    await pool.query("UPDATE salesdash_purchase_fact_days SET fetched_at = fetched_at + 1, sales_sums = (sales_sums::jsonb || jsonb_build_object('at', fetched_at + 1))::text WHERE account = 'acct' AND day = '2026-03-11'");
    await pool.query("UPDATE salesdash_purchase_fact_days SET refund_at = NULL WHERE account = 'acct' AND day = '2026-03-12'");
    for (const p of cases) expect(await answer(p)).toEqual(await rows(p));
    // A day written again is kept again.
    await writer.replaceDay("acct", "2026-03-11", NOW + 5, [sale(5, at("2026-03-11", 5), { refunded: 300, lost: 30 }), sale(3, at("2026-03-11", 6)), sale(12, at("2026-03-11", 8), { refunded: 400, offerName: null, psp: "pagarme" })]);
    expect(Number((await kept("2026-03-11")).refund_at)).toBe(NOW + 5);
    expect(JSON.parse((await kept("2026-03-11")).refund_cells!)).toEqual({
      cells: [
        ["usd", "", one.dims.product, "O1", one.dims.purchaseType, one.dims.paymentMethod, "pagarme", 1, 400, 0],
        ["usd", "", one.dims.product, "O1", one.dims.purchaseType, one.dims.paymentMethod, "stripe", 1, 300, 30],
      ],
      // The day, its first refunded row's distance from the greatest seq (seq 0), then its name.
      labels: [["usd", "", "O1", "2026-03-112147483647" + "1Name 5"]],
    });
    await writer.replaceDay("acct", "2026-03-12", NOW + 5, [sale(8, at("2026-03-12", 2), { refunded: 50, offerName: null })]);
    for (const p of cases) expect(await answer(p)).toEqual(await rows(p));
  });

  it("reads the sales a Refunds report's records name from the days' kept refunded sales and the other ids' rows, and the rows alone where a day repeats a purchase, its texts are not of its fetch or the plan has a filter", async () => {
    const pool = await db.emptied();
    const one = purchaseFactRow(purchaseDays("creator").get("2026-03-10")![0]!);
    const at = (day: string, hour: number) => Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000;
    type Over = Partial<Pick<PurchaseFactRow, "currency" | "currencyOffer">> & { refunded?: number; psp?: string };
    // Each sale 100.00 + its id in cents, a 20.00 commission; refunded `refunded` cents.
    const sale = (purchaseId: number, createdAt: number | null, { refunded = 0, psp = "stripe", ...over }: Over = {}): PurchaseFactRow => ({
      ...one, purchaseId, createdAt, currency: "usd", currencyOffer: "", ...over,
      sums: FACT_SUMS.map((k) => ({ transaction: 10_000 + purchaseId, affiliation: 2_000, refunded })[k as string] ?? 0),
      dims: { ...one.dims, psp },
    });
    const writer = new PostgresPurchaseFactStore(pool);
    await writer.replaceDay("acct", "2026-03-10", NOW, [sale(1, at("2026-03-10", 1), { refunded: 500 }), sale(2, at("2026-03-10", 2)), sale(3, at("2026-03-10", 3), { refunded: 10_003, psp: "pagarme" })]);
    await writer.replaceDay("acct", "2026-03-11", NOW, [sale(4, at("2026-03-11", 3), { refunded: 700, currency: "brl" }), sale(5, at("2026-03-11", 5), { refunded: 1, currency: "", currencyOffer: "B" }), sale(6, at("2026-03-11", 6), { refunded: 2, currency: "", currencyOffer: "Z" }), sale(7, at("2026-03-11", 7))]);
    await writer.replaceDay("acct", "2026-03-12", NOW, [sale(8, at("2026-03-12", 2), { refunded: 50 }), sale(9, at("2026-03-12", 10))]);
    await writer.replaceDay("other", "2026-03-11", NOW, [sale(10, at("2026-03-11", 3), { refunded: 900 })]);
    const plan = (from: string, to: string, timeZone = "UTC", filters: { psp?: string[] } = {}): PurchaseFactPlan => ({
      ...purchasePlan({ from, to, timeZone, granularity: "day", keyType: "creator", filters, currency: assumeCurrency("brl") }).plan,
      currency: { offers: [["B", "eur"]], setting: null },
    });
    // Refunded and not, of every day, given twice, another account's, none stored.
    const ids = [9, 1, 2, 3, 4, 5, 6, 7, 8, 1, 10, 99];
    const rows = async (p: PurchaseFactPlan, wanted = ids) => {
      const statement = salesOfStatement("postgres", PURCHASE_FACTS, "acct", p, wanted);
      return (await pool.query<SaleRecord>({ text: statement.text, values: statement.args })).rows.map(saleOf);
    };
    // A store of its own each time: none keeps an answer read before a mark was changed by hand.
    const answer = async (p: PurchaseFactPlan, wanted = ids) => salesOfColumns(await new PostgresPurchaseFactStore(pool).salesOf("acct", p, wanted));
    const all = plan("2026-03-01", "2026-03-31");
    const cases = [all, plan("2026-03-10", "2026-03-11"), plan("2026-03-11", "2026-03-12", "America/New_York"), plan("2026-03-10", "2026-03-10", "America/Los_Angeles"), plan("2026-03-12", "2026-03-12"), plan("2026-04-01", "2026-04-02"), plan("2026-03-01", "2026-03-31", "UTC", { psp: ["stripe"] })];
    for (const p of cases) {
      expect(await answer(p)).toEqual(await rows(p));
      expect(await answer(p, [4])).toEqual(await rows(p, [4]));
      expect(await answer(p, [])).toEqual([]);
    }
    // Newest day first, a day in stored order; B's sale placed in euros, Z's unknown.
    expect((await answer(all)).map((s) => [s.purchaseId, s.currency, s.transaction, s.refunded])).toEqual([
      [8, "usd", 10_008, 50], [9, "usd", 10_009, 0], [4, "brl", 10_004, 700], [5, "eur", 10_005, 1], [6, "unknown:Z", 10_006, 2], [7, "usd", 10_007, 0], [1, "usd", 10_001, 500], [2, "usd", 10_002, 0], [3, "usd", 10_003, 10_003],
    ]);
    const kept = async (day: string) => (await pool.query<{ refund_sales: string | null }>("SELECT refund_sales FROM salesdash_purchase_fact_days WHERE account = 'acct' AND day = $1", [day])).rows[0]!.refund_sales;
    expect(JSON.parse((await kept("2026-03-11"))!)).toEqual([[4, "brl", "", 10_004, 2_000, 700, 0], [5, "", "B", 10_005, 2_000, 1, 1], [6, "", "Z", 10_006, 2_000, 2, 2]]);

    // The kept sales are what is read: the 11th's said by hand to hold sale 4 at 1.00.
    await pool.query("UPDATE salesdash_purchase_fact_days SET refund_sales = $1 WHERE account = 'acct' AND day = '2026-03-11'", [JSON.stringify([[4, "brl", "", 100, 2_000, 700, 0], [5, "", "B", 10_005, 2_000, 1, 1], [6, "", "Z", 10_006, 2_000, 2, 2]])]);
    const fourth = async (p: PurchaseFactPlan) => (await answer(p, [4])).map((s) => s.transaction);
    expect(await fourth(all)).toEqual([100]);
    // Not where the range's instants cut the 11th (Los Angeles' 10th ends at 07:00 UTC: sale 4 at 03:00 is inside, sale 7 at 07:00 outside), nor with a filter.
    expect(await fourth(plan("2026-03-10", "2026-03-10", "America/Los_Angeles"))).toEqual([10_004]);
    expect(await fourth(plan("2026-03-01", "2026-03-31", "UTC", { psp: ["stripe"] }))).toEqual([10_004]);
    // Nor where a day of the range holds a purchase another day holds too (or may: not counted).
    const withTwelfth = [all, plan("2026-03-11", "2026-03-12"), plan("2026-03-11", "2026-03-12", "America/New_York")];
    await pool.query("UPDATE salesdash_purchase_fact_days SET repeats = 1 WHERE account = 'acct' AND day = '2026-03-12'");
    for (const p of withTwelfth) expect(await answer(p)).toEqual(await rows(p));
    expect(await fourth(plan("2026-03-10", "2026-03-11"))).toEqual([100]);
    await pool.query("UPDATE salesdash_purchase_fact_days SET repeats = NULL WHERE account = 'acct' AND day = '2026-03-12'");
    for (const p of withTwelfth) expect(await answer(p)).toEqual(await rows(p));
    await pool.query("UPDATE salesdash_purchase_fact_days SET repeats = 0 WHERE account = 'acct' AND day = '2026-03-12'");
    expect(await fourth(all)).toEqual([100]);
    // Nor where the 11th's texts are of an older fetch than its mark's, its sales sums current.
    await pool.query("UPDATE salesdash_purchase_fact_days SET fetched_at = fetched_at + 1, sales_sums = (sales_sums::jsonb || jsonb_build_object('at', fetched_at + 1))::text WHERE account = 'acct' AND day = '2026-03-11'");
    for (const p of cases) expect(await answer(p)).toEqual(await rows(p));
    // A day written again is kept again.
    await writer.replaceDay("acct", "2026-03-11", NOW + 5, [sale(7, at("2026-03-11", 7)), sale(4, at("2026-03-11", 3), { refunded: 800, currency: "brl" })]);
    expect(JSON.parse((await kept("2026-03-11"))!)).toEqual([[4, "brl", "", 10_004, 2_000, 800, 1]]);
    for (const p of cases) expect(await answer(p)).toEqual(await rows(p));
  });
});

it("answers the record engine's figures for 60 random queries, as SQLite does for 200 (tests/unit)", async () => {
  const store = new PostgresPurchaseFactStore(await db.emptied());
  await fillFactStore(store, "creator", "creator");
  await fillFactStore(store, "affiliate", "affiliate");
  await holdsToRecordEngine(store, 60);
});
