import { describe, expect, it } from "vitest";
import { approvalOverAllAttempts } from "@/lib/analytics/abandonment-attempts";
import { offerCurrencyOf } from "@/lib/analytics/abandonment-currency";
import {
  approvalRates,
  attemptsPerCart,
  DECLINE_TEXTS,
  declineCodes,
  declineMatrix,
  declineText,
  GENERIC_DECLINE_TEXT,
  KNOWN_DECLINE_CODES,
} from "@/lib/analytics/abandonment-declines";
import { carts, purchases } from "./analytics-abandonment-fixture";

const currencyOf = offerCurrencyOf(purchases);
// Carts with a decline code: c1 c2 (insufficient_funds, brl, pagarme), c7 (invalid_cvv, brl,
// pagarme), c4 (do_not_honor, usd, stripe), c5 (weird_code, usd, stripe), c8 (insufficient_funds, usd, adyen).
const DECLINED = 6;

describe("declineCodes", () => {
  it("ranks codes by carts, with values per currency and plain-language texts", () => {
    const result = declineCodes(carts, { currencyOf });
    expect(result.declinedCarts).toBe(DECLINED);
    expect(result.byCount.map((r) => [r.code, r.count, r.share, r.values, r.known])).toEqual([
      ["insufficient_funds", 3, 0.5, [{ currency: "brl", count: 2, amount: 295.4 }, { currency: "usd", count: 1, amount: 10.05 }], true],
      ["do_not_honor", 1, 1 / 6, [{ currency: "usd", count: 1, amount: 49 }], true],
      ["invalid_cvv", 1, 1 / 6, [{ currency: "brl", count: 1, amount: 0.2 }], true],
      ["weird_code", 1, 1 / 6, [{ currency: "usd", count: 1, amount: 0.2 }], false],
    ]);
    expect(result.byCount[0]).toMatchObject(DECLINE_TEXTS.insufficient_funds);
    expect(result.byCount[3]).toMatchObject(GENERIC_DECLINE_TEXT);
  });

  it("ranks by value within each currency, never across", () => {
    expect(declineCodes(carts, { currencyOf }).byValue).toEqual([
      // brl and usd both have 3 declined carts: by code
      { currency: "brl", rows: [{ code: "insufficient_funds", count: 2, amount: 295.4 }, { code: "invalid_cvv", count: 1, amount: 0.2 }] },
      {
        currency: "usd",
        rows: [
          { code: "do_not_honor", count: 1, amount: 49 },
          { code: "insufficient_funds", count: 1, amount: 10.05 },
          { code: "weird_code", count: 1, amount: 0.2 },
        ],
      },
    ]);
  });

  it("has texts for every code the sandbox uses", () => {
    expect(KNOWN_DECLINE_CODES).toEqual([
      "insufficient_funds", "do_not_honor", "invalid_cvv", "expired_card", "fraud_suspected", "card_not_supported", "processing_error", "authentication_failed",
    ]);
    for (const code of KNOWN_DECLINE_CODES) {
      expect(declineText(code)).not.toBe(GENERIC_DECLINE_TEXT);
      expect(declineText(code).explanation.length).toBeGreaterThan(40);
      expect(declineText(code).whatToDo.length).toBeGreaterThan(40);
    }
    expect(declineText("toString")).toBe(GENERIC_DECLINE_TEXT); // not fooled by Object.prototype
  });
});

describe("declineMatrix", () => {
  it("counts PSP × code, and its cells add up to the declined carts", () => {
    const m = declineMatrix(carts);
    expect(m.psps).toEqual(["pagarme", "stripe", "adyen"]);
    expect(m.codes).toEqual(["insufficient_funds", "do_not_honor", "invalid_cvv", "weird_code"]);
    expect(m.counts).toEqual([
      [2, 0, 1, 0],
      [0, 1, 0, 1],
      [1, 0, 0, 0],
    ]);
    expect(m.pspTotals).toEqual([3, 2, 1]);
    expect(m.codeTotals).toEqual([3, 1, 1, 1]);
    expect(m.total).toBe(DECLINED);
    expect(m.counts.flat().reduce((a, b) => a + b, 0)).toBe(DECLINED);
    expect(m.total).toBe(carts.filter((c) => c.lastDeclineCode).length);
  });

  it("puts a declined cart without a PSP under none, still summing to the declined carts", () => {
    const withoutPsp = [...carts, { ...carts[0]!, checkoutId: "c10", psp: null, lastDeclineCode: "expired_card" }];
    const m = declineMatrix(withoutPsp);
    expect(m.psps).toEqual(["pagarme", "stripe", "adyen", "none"]);
    expect(m.counts.flat().reduce((a, b) => a + b, 0)).toBe(7);
    expect(m.total).toBe(7);
    expect(declineMatrix([])).toEqual({ psps: [], codes: [], counts: [], pspTotals: [], codeTotals: [], total: 0 });
  });
});

describe("approvalRates", () => {
  it("by PSP: approved attempts over attempts, null without attempts", () => {
    const r = approvalRates(carts, "psp");
    expect(r.by).toBe("psp");
    expect(r.rows).toEqual([
      { key: "stripe", carts: 2, attempts: 7, approved: 1, declined: 6, rate: 1 / 7 }, // c4 2/1, c5 5/0
      { key: "pagarme", carts: 3, attempts: 5, approved: 1, declined: 4, rate: 0.2 }, // c1 3/1, c2 1/0, c7 1/0
      { key: "adyen", carts: 3, attempts: 4, approved: 3, declined: 1, rate: 0.75 }, // c6 1/1, c8 2/1, c9 1/1
      { key: "none", carts: 1, attempts: 0, approved: 0, declined: 0, rate: null }, // c3
    ]);
    expect(r.overall).toEqual({ key: "all", carts: 9, attempts: 16, approved: 5, declined: 11, rate: 5 / 16 });
  });

  it("by payment method and by card brand", () => {
    expect(approvalRates(carts, "paymentMethod").rows.map((r) => [r.key, r.attempts, r.approved, r.rate])).toEqual([
      ["credit_card", 14, 3, 3 / 14], // c1 c2 c4 c5 c7 c8
      ["paypal", 1, 1, 1], // c9
      ["pix", 1, 1, 1], // c3 (no attempt) and c6
    ]);
    expect(approvalRates(carts, "cardBrand").rows.map((r) => [r.key, r.attempts, r.approved, r.rate])).toEqual([
      ["visa", 7, 2, 2 / 7], // c1 3/1, c2 1/0, c7 1/0, c8 2/1
      ["amex", 5, 0, 0],
      ["mastercard", 2, 1, 0.5],
      ["none", 2, 2, 1], // c3 0, c6 1/1, c9 1/1
    ]);
    expect(approvalRates([], "psp").overall.rate).toBeNull();
  });
});

describe("attemptsPerCart", () => {
  it("histogram 0, 1, 2, 3, 4+ and the mean", () => {
    // c1 3, c2 1, c3 0, c4 2, c5 5, c6 1, c7 1, c8 2, c9 1
    expect(attemptsPerCart(carts)).toEqual({
      buckets: [
        { label: "0", carts: 1 },
        { label: "1", carts: 4 },
        { label: "2", carts: 2 },
        { label: "3", carts: 1 },
        { label: "4+", carts: 1 },
      ],
      carts: 9,
      attempts: 16,
      mean: 16 / 9,
    });
    expect(attemptsPerCart([]).mean).toBeNull();
  });
});

// Issue #14: the approval rate over all attempts, purchased checkouts included, as far as the
// contract allows (purchases carry no attempts: each adds one approved attempt).
describe("approvalOverAllAttempts", () => {
  it("adds one approved attempt per purchased checkout to the carts' attempts", () => {
    const overall = approvalRates(carts, "psp").overall;
    const all = approvalOverAllAttempts(overall, 8);
    expect(all.approved).toBe(overall.approved + 8);
    expect(all.attempts).toBe(overall.attempts + 8);
    expect(all.atMost).toBeCloseTo((overall.approved + 8) / (overall.attempts + 8), 12);
    expect(all.atMost!).toBeGreaterThan(overall.rate!);
  });

  it("is 12 of 20 for carts with 2 approvals of 10 attempts and 10 purchased checkouts", () => {
    expect(approvalOverAllAttempts({ approved: 2, attempts: 10 }, 10)).toEqual({ approved: 12, attempts: 20, atMost: 0.6 });
  });

  it("has no rate without any attempt", () => {
    expect(approvalOverAllAttempts({ approved: 0, attempts: 0 }, 0).atMost).toBeNull();
  });
});
