// The payout calendar's sales on PostgreSQL from the texts each day's mark keeps (migration 0025,
// lib/store/postgres/payout-day-texts.ts): equal to payoutStatement's rows (the row statement the
// other back-ends read) for any currency decision, the kept texts what is read, and a day whose
// text is not of its fetch (an older instance wrote it again, or none was kept) read from its rows.
import { describe, expect, it } from "vitest";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import type { PayoutSaleColumns } from "@/lib/records/payout-columns";
import { PostgresPurchaseFactStore, PURCHASE_FACTS } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { payoutColumnsOf, payoutStatement, type PayoutRecord } from "@/lib/store/purchase-fact-sql";
import { FACT_SUMS, type PurchaseFactPlan, type PurchaseFactRow } from "@/lib/store/purchase-fact-store";
import { NOW, purchaseDays } from "../support/purchase-facts-fixture";
import { schemaOfFile } from "../support/postgres-test-schema";

const db = schemaOfFile(["salesdash_purchase_facts", "salesdash_purchase_fact_days"]);

const one = purchaseFactRow(purchaseDays("creator").get("2026-03-10")![0]!);
const at = (day: string, hour: number) => Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000;
type Over = Partial<Pick<PurchaseFactRow, "currency" | "currencyOffer" | "availableAt">> & { product?: string; createdText?: string; net?: number };
const sale = (purchaseId: number, createdAt: number | null, { product = "Bread", createdText, net = 7_000, ...over }: Over = {}): PurchaseFactRow => ({
  ...one,
  purchaseId,
  createdAt,
  availableAt: createdAt === null ? null : createdAt + 30 * 86_400_000,
  currency: "usd",
  currencyOffer: "",
  ...over,
  sums: FACT_SUMS.map((k) => ({ transaction: 10_000 + purchaseId, creatorNet: net + purchaseId, affiliationNet: 1_500, refunded: purchaseId % 3 === 0 ? 250 : 0 })[k as string] ?? 0),
  table: { ...one.table, product, createdAt: createdText ?? (createdAt === null ? "" : new Date(createdAt).toISOString()) },
});

// Decisions: offer B told in euros (Z not), a setting in reais, no setting.
const PLANS: Array<PurchaseFactPlan["currency"]> = [
  { offers: [["B", "eur"]], setting: null },
  { offers: [["B", "eur"], ["Z", "gbp"]], setting: "brl" },
  { offers: [], setting: null },
];

const RANGE = { from: "2026-03-01", to: "2026-03-31" };

describe("PostgreSQL's payout sales from the days' kept texts", () => {
  it("answers payoutStatement's rows for any currency decision, reads the kept texts, and the rows of a day whose text is not of its fetch", async () => {
    const pool = await db.emptied();
    const writer = new PostgresPurchaseFactStore(pool);
    // Dollars, reais, no currency (placed by offer B's or Z's, or by none), a product with a comma and a newline, one beginning with x, a hand-written instant, no instant, a purchase stored again on a newer day; an empty day; another account's.
    await writer.replaceDay("acct", "2026-03-10", NOW, [
      sale(1, at("2026-03-10", 1)), sale(2, at("2026-03-10", 2), { currency: "", currencyOffer: "B" }), sale(3, at("2026-03-10", 3), { currency: "", currencyOffer: "Z", product: "Jam, fig\nand more" }),
      sale(4, at("2026-03-10", 4), { currency: "brl", product: "xylophone" }), sale(5, null, { currency: "", currencyOffer: "" }), sale(6, at("2026-03-10", 6), { createdText: "soon, maybe" }),
    ]);
    await writer.replaceDay("acct", "2026-03-11", NOW, [sale(7, at("2026-03-11", 1), { currency: "", currencyOffer: "Z" }), sale(1, at("2026-03-10", 1), { net: 9_000 }), sale(8, at("2026-03-11", 5), { currency: "eur" })]);
    await writer.replaceDay("acct", "2026-03-12", NOW, []);
    await writer.replaceDay("acct", "2026-03-13", NOW, [sale(9, at("2026-03-13", 2), { currency: "", currencyOffer: "B" })]);
    await writer.replaceDay("other", "2026-03-11", NOW, [sale(10, at("2026-03-11", 3))]);
    const rows = async (currency: PurchaseFactPlan["currency"], range = RANGE): Promise<PayoutSaleColumns> => {
      const statement = payoutStatement("postgres", PURCHASE_FACTS, "acct", range, currency);
      return payoutColumnsOf((await pool.query<PayoutRecord>({ text: statement.text, values: statement.args, rowMode: "array" })).rows);
    };
    const answer = (currency: PurchaseFactPlan["currency"], range = RANGE) => new PostgresPurchaseFactStore(pool).payoutSales("acct", range, currency);
    const same = async () => {
      for (const currency of PLANS) {
        expect(await answer(currency)).toEqual(await rows(currency));
        expect(await answer(currency, { from: "2026-03-11", to: "2026-03-12" })).toEqual(await rows(currency, { from: "2026-03-11", to: "2026-03-12" }));
      }
    };
    await same();
    const placed = await answer(PLANS[0]!);
    expect(Array.from(placed.purchaseId)).toEqual([9, 7, 1, 8, 2, 3, 4, 5, 6]);
    expect(Array.from(placed.currency, (c) => placed.currencies[c])).toEqual(["eur", "unknown:Z", "usd", "eur", "eur", "unknown:Z", "brl", "unknown", "usd"]);
    expect(placed.products).toContain("Jam, fig\nand more");

    // The kept texts are what is read: the 11th's said by hand to hold purchase 8 at 99 cents net.
    const kept = async (day: string) => (await pool.query<{ payout_at: string | null; payout_names: string | null; payout_rows: string | null }>("SELECT payout_at, payout_names, payout_rows FROM salesdash_purchase_fact_days WHERE account = 'acct' AND day = $1", [day])).rows[0]!;
    const eleventh = await kept("2026-03-11");
    expect(Number(eleventh.payout_at)).toBe(NOW);
    expect(JSON.parse(eleventh.payout_names!)).toEqual({ currencies: [["", "Z"], ["eur", ""], ["usd", ""]], products: ["Bread"] });
    const told = eleventh.payout_rows!.split("\n").map((row) => (row.startsWith("8,") ? row.split(",").map((v, i) => (i === 5 ? "99" : v)).join(",") : row)).join("\n");
    await pool.query("UPDATE salesdash_purchase_fact_days SET payout_rows = $1 WHERE account = 'acct' AND day = '2026-03-11'", [told]);
    const read = await answer(PLANS[0]!);
    expect(read.creatorNet[Array.from(read.purchaseId).indexOf(8)]).toBe(99);
    // A mark written again by an instance older than the texts (a new fetched_at, the old text): the day's rows are read.
    await pool.query("UPDATE salesdash_purchase_fact_days SET fetched_at = fetched_at + 1 WHERE account = 'acct' AND day = '2026-03-11'");
    await same();
    // A day without a text likewise; every day without one (read in two halves side by side) too.
    await pool.query("UPDATE salesdash_purchase_fact_days SET payout_at = NULL WHERE account = 'acct' AND day = '2026-03-13'");
    await same();
    await pool.query("UPDATE salesdash_purchase_fact_days SET payout_at = NULL");
    await same();
    // A day written again keeps its new text.
    await writer.replaceDay("acct", "2026-03-11", NOW + 5, [sale(7, at("2026-03-11", 1), { currency: "", currencyOffer: "Z" }), sale(11, at("2026-03-11", 7), { currency: "", currencyOffer: "B", product: "xx, y" })]);
    expect(Number((await kept("2026-03-11")).payout_at)).toBe(NOW + 5);
    await same();
    const again = await answer(PLANS[1]!, { from: "2026-03-11", to: "2026-03-11" });
    expect(Array.from(again.currency, (c) => again.currencies[c])).toEqual(["gbp", "eur"]);
  });
});
