import { describe, expect, it } from "vitest";
import { cartRowsPage } from "@/lib/reports/server/cart-rows";
import { orderRowsPage } from "@/lib/reports/server/order-rows";
import type { AbandonedCart, Order } from "@/lib/sales-api";

const order = { orderId: 7, checkoutInitializedAt: "2026-06-01T10:00:00Z", orderCreatedAt: "2026-06-01T10:05:00Z", amountTransaction: 1234.56, currency: "brl", productName: "P" } as unknown as Order;
const cart = { checkoutId: "c1", sessionInitializedAt: "2026-06-01T10:00:00Z", amountTransaction: 1234.56, productName: "P", isRecovered: false } as unknown as AbandonedCart;
const request = { page: 1, pageSize: 50, sort: "amount", dir: "desc" } as const;

describe("table rows' money in the reader's language", () => {
  it("writes an order's amount the Brazilian way in pt-BR, the US way by default", () => {
    expect(orderRowsPage([order], request, undefined, "pt-BR").items[0]!.amount).toMatch(/^R\$\s1\.234,56$/);
    expect(orderRowsPage([order], request).items[0]!.amount).toBe("R$1,234.56");
  });

  it("writes a cart's amount the Brazilian way in pt-BR, and whether it was recovered in words", () => {
    const [row] = cartRowsPage([cart], () => "brl", request, undefined, "pt-BR", { yes: "sim", no: "não" }).items;
    expect(row!.amount).toMatch(/^R\$\s1\.234,56$/);
    expect(row!.recovered).toBe("não");
    expect(cartRowsPage([{ ...cart, isRecovered: true }], () => "brl", request).items[0]!.recovered).toBe("yes");
  });
});
