// Refund and chargeback records put ids and codes first; their table (and a phone's first two
// or three columns) shows when, how much and what became of it first, the ids last.
import { describe, expect, it } from "vitest";
import { genericColumns } from "@/lib/reports/generic-columns";

describe("genericColumns", () => {
  it("orders a refund's columns for reading: request date, amount, state, product; ids last", () => {
    const refund = {
      refundId: "rfd_1", purchaseId: 7, purchaseUcode: "u7", orderId: 9, checkoutId: "c9", offerCode: "off", productName: "Course",
      currency: "usd", purchaseCreatedAt: "2026-01-01T00:00:00Z", amount: 10, refundType: "full", reason: "customer_request",
      status: "completed", requestedAt: "2026-02-01T00:00:00Z", processedAt: "2026-02-02T00:00:00Z", customerEmail: "a@b.c",
    };
    const keys = genericColumns([refund], 60).map((c) => c.key);
    expect(keys.slice(0, 6)).toEqual(["requestedAt", "amount", "refundType", "reason", "status", "productName"]);
    expect(keys.slice(-6)).toEqual(["refundId", "purchaseId", "purchaseUcode", "orderId", "checkoutId", "offerCode"]);
  });

  it("keeps the reading order when it cuts to the first columns", () => {
    const record = Object.fromEntries([...Array.from({ length: 20 }, (_, i) => [`code${i}Id`, i]), ["amount", 5], ["requestedAt", "2026-01-01T00:00:00Z"]]);
    expect(genericColumns([record], 3).map((c) => c.key)).toEqual(["requestedAt", "amount", "code0Id"]);
  });
});
