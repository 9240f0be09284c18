import { describe, expect, it } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { offerChoicesOf } from "@/lib/analytics/offer-choices";
import { summarizePurchases } from "@/lib/analytics/purchase-summary";
import { mergeSummaries } from "@/lib/analytics/purchase-summary-merge";
import { summaryOfferChoices } from "@/lib/analytics/purchase-summary-views";
import type { Purchase } from "@/lib/sales-api";
import type { OfferChoice } from "@/lib/reports/offer-choices";
import { offerGroups } from "@/lib/reports/offer-groups";
import { groundTruth } from "../../sandbox/ground-truth";

// The Offer filter's choices: each offer by its name under its product, narrowed to the chosen
// products, the code beside a name only where two offers share it. Checked against the
// sandbox's records read here on their own (newest first: an offer's name is the newest one).

const NOW = Date.parse("2026-06-15T12:00:00Z");
const records = groundTruth({ now: NOW }, "creator", "purchases", "2026-05-01", "2026-06-01") as Array<Record<string, unknown>>;

/** Each offer code of the records: its newest record's name, and every product it was sold under. */
function truth() {
  const offers = new Map<string, { name: string; products: Set<string> }>();
  for (const r of records) {
    const code = String(r.offerCode);
    const offer = offers.get(code) ?? { name: String(r.offerName), products: new Set<string>() };
    offers.set(code, offer);
    offer.products.add(String(r.productName));
  }
  return offers;
}

const words = (choices: readonly OfferChoice[]) => ({ offer: (code: string) => choices.find((c) => c.code === code)?.label ?? code, product: (key: string) => key });

describe("the Offer filter's choices", () => {
  const choices = offerChoicesOf(records as never);
  const offers = truth();
  const codes = choices.map((c) => c.code);

  it("has the shapes it is meant to test", () => {
    expect(offers.size).toBeGreaterThan(4);
    expect(new Set([...offers.values()].flatMap((o) => [...o.products])).size).toBeGreaterThan(2);
    // Some offer's name is not its code: otherwise "by name" would prove nothing.
    expect([...offers].some(([code, o]) => o.name !== code)).toBe(true);
  });

  it("names every offer of the records with its newest name and lists its products", () => {
    expect(codes).toEqual([...offers.keys()].sort());
    const names = [...offers.values()].map((o) => o.name);
    for (const choice of choices) {
      const t = offers.get(choice.code)!;
      expect(choice.label, choice.code).toBe(names.filter((n) => n === t.name).length > 1 ? `${t.name} (${choice.code})` : t.name);
      expect(choice.products, choice.code).toEqual([...t.products].sort());
    }
  });

  it("groups the offers under their products, by name", () => {
    const groups = offerGroups(codes, choices, { offers: [], products: [] }, words(choices));
    const products = [...new Set([...offers.values()].flatMap((o) => [...o.products]))];
    expect(groups.map((g) => g.product)).toEqual([...products].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base", numeric: true })));
    for (const group of groups) {
      const expected = [...offers].filter(([, o]) => o.products.has(group.product!)).map(([code]) => code);
      expect([...group.codes].sort()).toEqual(expected.sort());
      const names = group.codes.map((code) => offers.get(code)!.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base", numeric: true })));
    }
  });

  it("lists only the chosen products' offers, and keeps an offer already chosen", () => {
    const [product, other] = [...new Set([...offers.values()].flatMap((o) => [...o.products]))].sort();
    const ofProduct = [...offers].filter(([, o]) => o.products.has(product!)).map(([code]) => code).sort();
    const elsewhere = [...offers].find(([, o]) => !o.products.has(product!) && o.products.has(other!))![0];
    const narrowed = offerGroups(codes, choices, { offers: [], products: [product!] }, words(choices));
    expect(narrowed.map((g) => g.product)).toEqual([product]);
    expect([...narrowed[0]!.codes].sort()).toEqual(ofProduct);

    const keeping = offerGroups(codes, choices, { offers: [elsewhere], products: [product!] }, words(choices));
    expect(keeping.map((g) => g.product)).toEqual([product, other].sort());
    expect(keeping.find((g) => g.product === other)!.codes).toEqual([elsewhere]);
    // A chosen offer the range does not hold (a link's) comes first, in the group of no product.
    const unknown = offerGroups([...codes, "GONE-1"], choices, { offers: ["GONE-1"], products: [product!] }, words(choices));
    expect(unknown[0]).toEqual({ product: null, codes: ["GONE-1"] });
  });

  it("adds the code only where two offers share a name", () => {
    const sale = (offerCode: string, offerName: string | null) => ({ offerCode, offerName, productName: "Course" });
    expect(offerChoicesOf([sale("A-BRL", "Course"), sale("A-USD", "Course"), sale("B", "Bonus"), sale("C", null), sale("D", "D")])).toEqual([
      { code: "A-BRL", label: "Course (A-BRL)", products: ["Course"] },
      { code: "A-USD", label: "Course (A-USD)", products: ["Course"] },
      { code: "B", label: "Bonus", products: ["Course"] },
      { code: "C", products: ["Course"] },
      { code: "D", products: ["Course"] },
    ]);
  });

  it("keeps no name that says nothing more than the code, and puts records without a product under none", () => {
    expect(offerChoicesOf([{ offerCode: "X", offerName: "X", productName: "" }, { offerCode: "", offerName: "Ghost", productName: "P" }])).toEqual([
      { code: "X", products: ["none"] },
      { code: "none", products: ["P"] },
    ]);
  });

  it("keeps every product of an offer sold under two (a renamed product) through the day summaries, and leaves them unwritten", () => {
    const sale = records[0] as unknown as Purchase;
    const newer = summarizePurchases([{ ...sale, productName: "Renamed" }]);
    const older = summarizePurchases([sale]);
    const stored = JSON.stringify([newer, older]);
    const merged = mergeSummaries([newer, older], assumeCurrency("brl"));
    expect(summaryOfferChoices(merged)).toEqual([{ code: sale.offerCode, label: sale.offerName, products: [String(sale.productName), "Renamed"].sort() }]);
    expect(JSON.stringify([newer, older])).toBe(stored);
    const products = offerGroups([sale.offerCode!], summaryOfferChoices(merged), { offers: [], products: ["Renamed"] }, { offer: (c) => c, product: (p) => p });
    expect(products).toEqual([{ product: "Renamed", codes: [sale.offerCode] }]);
  });
});
