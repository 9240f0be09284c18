import { describe, expect, it } from "vitest";
import { bucketLabel } from "@/lib/i18n/bucket-labels";
import { categoryLabel, codeDimensionOfField, codeLabeler, labelledRows } from "@/lib/i18n/code-labels";
import { genericColumns } from "@/lib/reports/generic-columns";
import { MESSAGES } from "@/lib/i18n/messages";
import { nbsp, plainTranslator as translator } from "../support/plain-translator";



const en = codeLabeler(translator(MESSAGES.en.codes), translator(MESSAGES.en.common), "en-US");
const pt = codeLabeler(translator(MESSAGES["pt-BR"].codes), translator(MESSAGES["pt-BR"].common), "pt-BR");

describe("time bucket labels", () => {
  it("writes days, weeks and months by locale, never as ISO keys", () => {
    expect(bucketLabel("2026-06-15", "en-US")).toBe("Jun 15, 2026");
    expect(bucketLabel("2026-06-15", "pt-BR")).toBe("15 de jun. de 2026");
    expect(bucketLabel("2026-06", "en-US")).toBe("Jun 2026");
  });
  it("writes an hour bucket's local hour as the key gives it, without moving it by the offset", () => {
    expect(nbsp(bucketLabel("2026-06-15T23:00-03:00", "en-US"))).toBe("Jun 15, 23:00");
    expect(bucketLabel("2026-06-15T23:00-03:00", "pt-BR")).not.toMatch(/T23|-03:00/);
    expect(bucketLabel("2026-06-15T23:00-03:00", "pt-BR")).toContain("23:00");
  });
  it("leaves a key it does not know as it is", () => {
    expect(bucketLabel("week 24", "en-US")).toBe("week 24");
  });
});

describe("category labels", () => {
  it("shows an offer by name with its code as secondary text", () => {
    expect(categoryLabel(en, "offer", "OFFER-123", "Pro Plan")).toEqual({ label: "Pro Plan", secondary: "OFFER-123" });
    expect(categoryLabel(en, "offer", "OFFER-9", null)).toEqual({ label: "OFFER-9" });
    expect(categoryLabel(en, "offer", "none", "none")).toEqual({ label: "No offer" });
  });
  it("shows codes as words", () => {
    expect(categoryLabel(en, "cardBrand", "none")).toEqual({ label: "No card (pix, boleto)" });
    expect(categoryLabel(pt, "paymentMethod", "credit_card")).toEqual({ label: "Cartão de crédito" });
    expect(en("refundReason", "customer_request")).toBe("Customer asked");
    expect(pt("recordStatus", "processing")).toBe("Em processamento");
  });
});

describe("code columns of records whose fields are unknown", () => {
  it("reads a known field as codes when every value looks like one", () => {
    expect(codeDimensionOfField("paymentMethod", ["credit_card", "pix", null])).toBe("paymentMethod");
    expect(codeDimensionOfField("reason", ["customer_request", "damaged_item"])).toBe("refundReason");
  });
  it("keeps written text (a chargeback's reason) and unknown fields as they are", () => {
    expect(codeDimensionOfField("reason", ["Other fraud, card-absent environment"])).toBeNull();
    expect(codeDimensionOfField("refundId", ["rfd_1"])).toBeNull();
  });
});

describe("breakdown rows", () => {
  it("keeps each row's code and adds the words it is shown by", () => {
    const rows = [{ key: "credit_card", amount: 10 }, { key: "none", amount: 1 }];
    expect(labelledRows(rows, "paymentMethod", en)).toEqual([{ key: "credit_card", amount: 10, label: "Credit card" }, { key: "none", amount: 1, label: "No payment method" }]);
    expect(labelledRows([{ key: "OF-1", name: "Pro Plan" }], "offer", pt)).toEqual([{ key: "OF-1", name: "Pro Plan", label: "Pro Plan", secondary: "OF-1" }]);
    expect(labelledRows([{ key: "v2" }], "checkoutVersion", en)).toEqual([{ key: "v2", label: "v2" }]);
  });
});

describe("generic record columns", () => {
  it("marks the columns of codes, and only those", () => {
    const columns = genericColumns([{ refundId: "r1", paymentMethod: "pix", reason: "customer_request", status: "completed", amount: 5 }, { refundId: "r2", paymentMethod: null, reason: "Other fraud, card-absent environment", status: "processing", amount: 1 }]);
    expect(columns.map((c) => [c.key, c.code ?? null])).toEqual([["amount", null], ["reason", null], ["status", "recordStatus"], ["paymentMethod", "paymentMethod"], ["refundId", null]]);
  });
});
