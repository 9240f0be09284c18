import { describe, expect, it } from "vitest";
import { parseReportParams } from "@/lib/report-params/parse";
import { isKnownCurrency } from "@/lib/report-params/value-checks";
import { TABLE_COLUMNS } from "@/lib/report-params/table-columns";
import { CART_SORT_KEYS } from "@/lib/reports/server/cart-rows";
import { ORDER_SORT_KEYS } from "@/lib/reports/server/order-rows";
import { PURCHASE_SORT_KEYS } from "@/lib/reports/server/purchase-rows";

const NOW = new Date("2026-03-10T12:00:00Z");
const RANGE = { from: "2026-03-01", to: "2026-03-05" };

describe("parseReportParams: every value's form", () => {
  it("refuses a currency the runtime does not know, naming the parameter and the allowed form", () => {
    const { params, problems } = parseReportParams({ ...RANGE, currency: "xyz", product: "A" }, NOW);
    expect(problems).toEqual([expect.stringMatching(/"xyz".*currency=xyz.*ISO 4217/)]);
    // The nearest valid report drops the currency only.
    expect(params).toMatchObject({ ...RANGE, currency: null });
    expect(params.filters.product).toEqual(["A"]);
  });

  it("keeps real currencies and the unknown-currency group", () => {
    for (const currency of ["brl", "USD", "eur", "jpy", "unknown"]) expect(parseReportParams({ currency }, NOW).problems).toEqual([]);
  });

  it("refuses a purchase type outside the contract's and keeps the other values", () => {
    const { params, problems } = parseReportParams({ type: "front,bogus,order_bump" }, NOW);
    expect(problems).toEqual([expect.stringMatching(/"bogus".*type=bogus.*front, upsell, order_bump, downsell/)]);
    expect(params.filters.type).toEqual(["front", "order_bump"]);
    expect(parseReportParams({ type: "upsell,downsell,none" }, NOW).problems).toEqual([]);
  });

  it("refuses a country that is not ISO 3166 alpha-2, and reads lower case as upper", () => {
    const bad = parseReportParams({ country: "BR,Brazil,XX,EU" }, NOW);
    expect(bad.problems).toHaveLength(3);
    expect(bad.problems[0]).toMatch(/"Brazil".*country=Brazil.*two-letter/);
    expect(bad.params.filters.country).toEqual(["BR"]);
    expect(parseReportParams({ country: "br,us,none" }, NOW)).toMatchObject({ problems: [], params: { filters: { country: ["BR", "US", "none"] } } });
  });

  it("lets well-formed names through: whether records carry them is the report's to say", () => {
    expect(parseReportParams({ product: "No such product", method: "pix", psp: "acme", brand: "visa", affiliate: "x" }, NOW).problems).toEqual([]);
  });
});

describe("parseReportParams: the tables' URL state", () => {
  it("refuses an unknown column to hide and keeps the valid ones for the nearest report", () => {
    const { problems, tableQuery } = parseReportParams({ "purchases.hide": "offer,bogus", "purchases.sort": "amount" }, NOW);
    expect(problems).toEqual([expect.stringMatching(/"bogus".*purchases table.*purchases\.hide=offer,bogus/)]);
    expect(tableQuery).toEqual([["purchases.hide", "offer"], ["purchases.sort", "amount"]]);
  });

  it("refuses an unknown sort column, direction or page", () => {
    const { problems, tableQuery } = parseReportParams({ "orders.sort": "colour", "carts.dir": "up", "carts.page": "0", "refunds.page": "2" }, NOW);
    expect(problems).toHaveLength(3);
    expect(problems.join(" ")).toMatch(/orders\.sort=colour.*carts\.dir=up.*carts\.page=0/);
    expect(tableQuery).toEqual([["refunds.page", "2"]]);
  });

  it("drops a hide list with nothing valid left, so the table's default columns come back", () => {
    expect(parseReportParams({ "carts.hide": "nope" }, NOW).tableQuery).toEqual([]);
  });

  it("sorts by the same columns the rows routes sort by", () => {
    expect([...TABLE_COLUMNS.purchases!.sorts].sort()).toEqual([...PURCHASE_SORT_KEYS].sort());
    expect([...TABLE_COLUMNS.orders!.sorts].sort()).toEqual([...ORDER_SORT_KEYS].sort());
    expect([...TABLE_COLUMNS.carts!.sorts].sort()).toEqual([...CART_SORT_KEYS].sort());
  });
});

describe("an unknown currency's group in the URL (issue #24)", () => {
  it("selects one offer's records of an unknown currency, the offer's code as written", () => {
    expect(isKnownCurrency("unknown:SDM-BRL-197")).toBe(true);
    expect(isKnownCurrency("unknown:")).toBe(false);
    const parsed = parseReportParams({ ...RANGE, currency: "unknown:SDM-BRL-197" }, NOW);
    expect(parsed.params.currency).toBe("unknown:SDM-BRL-197");
  });
});
